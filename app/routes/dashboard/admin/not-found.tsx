import { requireArea } from "#server/auth/viewer";
import { pageNotFound } from "#server/http/respond";
import { DashboardNotFound, dashboardNotFoundMeta } from "~/components/dashboard/dashboard-not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = dashboardNotFoundMeta;

/** Unknown paths of the admin area: its access rule first, then the 404 inside the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  return pageNotFound(request);
}

export default DashboardNotFound;
