import { getSiteContact } from "#server/settings/queries";
import { deferredComponent } from "~/lib/deferred-component";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/terms";

/**
 * The text is long and the same for everyone: the server renders it with the page, and
 * its code (in both languages) loads as the page hydrates (ADR 027).
 */
const notice = deferredComponent(() =>
  import("~/components/legal/terms-of-use").then((module) => module.TermsOfUse),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [company] = await Promise.all([getSiteContact(context.db), notice.ready()]);
  return { company };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.terms_meta_title,
  description: m.terms_meta_description,
  path: "/terms",
});

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <notice.Component company={loaderData.company} />;
}
