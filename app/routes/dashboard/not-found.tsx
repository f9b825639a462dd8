import { requireUser } from "#server/auth/viewer";
import { pageNotFound } from "#server/http/respond";
import { DashboardNotFound, dashboardNotFoundMeta } from "~/components/dashboard/dashboard-not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = dashboardNotFoundMeta;

/**
 * Unknown dashboard paths: signed-out visitors are asked to sign in first, like for every
 * dashboard page; signed-in people get the 404 page inside their dashboard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return pageNotFound(request);
}

export default DashboardNotFound;
