import { Outlet } from "react-router";
import { requireArea, requireCheckIn } from "#server/auth/viewer";
import type { Route } from "./+types/layout";

/**
 * The partner area's pages check-in staff may open (ADR 038): the day's, nothing else: an
 * event's crew list and its check-in page with the page's data, queue and service worker.
 */
const DAY_PAGES =
  /^\/dashboard\/partner\/(events\/[^/]+\/crew-list|check-in\/(sw\.js|[^/]+(\/(roster\.json|sync))?))\/?$/;

/**
 * The partner area's gate. Every page inside checks the same rule in its own loader and
 * action as well: loaders run in parallel, so this one cannot protect them alone.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  // `url` is the page's, also when a client-side navigation asks for its data (".data").
  if (DAY_PAGES.test(url.pathname)) await requireCheckIn(request, context);
  else await requireArea(request, context, "partner");
  return null;
}

export default function PartnerArea() {
  return <Outlet />;
}
