import { getSiteContact } from "#server/settings/queries";
import { PrivacyNotice } from "~/components/legal/privacy-notice";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const company = await getSiteContact(context.db);
  return { company };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Privacy Notice",
  description:
    "How Rethink Corporate Life collects and uses personal data under the GDPR: what we collect, why, who receives it, how long we keep it and your rights.",
  path: "/privacy",
});

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyNotice company={loaderData.company} />;
}
