import { getSiteContact } from "#server/settings/queries";
import { TermsOfUse } from "~/components/legal/terms-of-use";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export async function loader({ context }: Route.LoaderArgs) {
  const company = await getSiteContact(context.db);
  return { company };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Terms of Use",
  description:
    "The plain-language terms for using the Rethink Corporate Life website and booking team spots at rowing, team-building and networking events with our partners.",
  path: "/terms",
});

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <TermsOfUse company={loaderData.company} />;
}
