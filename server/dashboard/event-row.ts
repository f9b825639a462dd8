import { publicEventHref } from "~/lib/public-paths";
import { events } from "#server/db/schema";
import { eventRowStatus } from "./status";

/** What a dashboard's table of upcoming events reads of each event, beside its own figures. */
export const eventRowColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  status: events.status,
  startsAt: events.startsAt,
};

type EventRowFields = Pick<typeof events.$inferSelect, keyof typeof eventRowColumns>;

/** A dashboard table's event: its title links to the public page while it has one. */
export function dashboardEventRow(row: EventRowFields) {
  return {
    id: row.id,
    title: row.title,
    href: publicEventHref(row.slug, row.status),
    startsAt: row.startsAt,
    status: eventRowStatus(row.status),
  };
}
