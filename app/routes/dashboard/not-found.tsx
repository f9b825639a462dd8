import { requireUser } from "#server/auth/viewer";
import { pageNotFound } from "#server/http/respond";
import { DashboardNotFound, dashboardNotFoundMeta } from "~/components/dashboard/dashboard-not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = dashboardNotFoundMeta;

/**
 * Unknown dashboard paths: signed-out visitors are asked to sign in first, like for every
 * dashboard page; signed-in people get the 404 page inside their dashboard, for a posted
 * form too.
 */
async function answer({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  await requireUser(request, context);
  return pageNotFound(request);
}

export const loader = answer;
export const action = answer;

export default DashboardNotFound;
