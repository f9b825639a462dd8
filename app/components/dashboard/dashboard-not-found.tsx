import { PageNotFound } from "~/components/site/error-pages";
import { pageTitle } from "~/lib/meta";
import { m } from "~/paraglide/messages";

/** The meta of every dashboard area's not-found page. */
export const dashboardNotFoundMeta = () => [
  { title: pageTitle(m.dash_page_not_found()) },
  { name: "robots", content: "noindex" },
];

/** The 404 page inside the dashboard shell, for an unknown path in any area. */
export function DashboardNotFound() {
  return <PageNotFound />;
}
