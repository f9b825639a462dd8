import { requireArea } from "#server/auth/viewer";
import { pageNotFound } from "#server/http/respond";
import { DashboardNotFound, dashboardNotFoundMeta } from "~/components/dashboard/dashboard-not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = dashboardNotFoundMeta;

/**
 * Unknown paths of the partner area: its access rule first, then the 404 inside the
 * dashboard. A form posted here gets the same answer, not a "method not allowed" that
 * would tell someone outside the area more than a page they may open.
 */
async function answer({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  await requireArea(request, context, "partner");
  return pageNotFound(request);
}

export const loader = answer;
export const action = answer;

export default DashboardNotFound;
