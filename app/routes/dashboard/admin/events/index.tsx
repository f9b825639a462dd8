import * as z from "zod/mini";
import { requireArea } from "#server/auth/viewer";
import { eventStatus } from "#server/db/schema";
import {
  ADMIN_EVENTS_PAGE_SIZE,
  listEventPartners,
  listEventsForAdmin,
  listReviewQueue,
} from "#server/events/review-queries";
import { AdminPage } from "~/components/admin/admin-page";
import { AllEvents } from "~/components/admin/events-list/all-events";
import { ReviewQueue } from "~/components/admin/events-list/review-queue";
import { pageOf } from "~/components/ui/pagination";
import { filterChoice, filterDay, filterId, listFilterProblems, readListFilters } from "~/lib/list-filters";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

const FILTERS = z.object({
  status: filterChoice(eventStatus.enumValues, "all"),
  partner: filterId(),
  from: filterDay(),
  to: filterDay(),
});

/**
 * The list's filters from the address (a GET form). What is not understood is left out
 * and said so in `problems`, so a hand-edited address shows every event rather than failing.
 */
function readEventFilters(url: URL) {
  const filters = readListFilters(url, FILTERS);
  const problems = listFilterProblems(url, FILTERS, {
    status: m.admin_events_problem_status(),
    partner: m.admin_events_problem_partner(),
    from: m.admin_events_problem_from(),
    to: m.admin_events_problem_to(),
  });
  if (filters.from && filters.to && filters.from > filters.to) problems.push(m.admin_events_problem_order());
  return { filters, problems };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const { filters, problems } = readEventFilters(url);
  const { status, partner, from, to } = filters;
  const page = pageOf(url);
  const [queue, list, partners] = await Promise.all([
    listReviewQueue(context.db, actor),
    listEventsForAdmin(context.db, actor, { status, partnerId: partner, from, to, page }),
    listEventPartners(context.db, actor),
  ]);
  return { queue, filters, problems, partners, page, pageSize: ADMIN_EVENTS_PAGE_SIZE, ...list };
}

export const meta: Route.MetaFunction = workspacePageMeta(m.admin_events_title, "/dashboard/admin/events");

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { queue, filters, problems, partners, page, pageSize, rows, total } = loaderData;
  return (
    <AdminPage title={m.admin_events_title()} intro={m.admin_events_intro()}>
      <ReviewQueue queue={queue} />
      <AllEvents
        filters={filters}
        problems={problems}
        partners={partners}
        rows={rows}
        paging={{ page, pageSize, total }}
      />
    </AdminPage>
  );
}
