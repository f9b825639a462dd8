import { sql } from "drizzle-orm";
import { SITE_ZONE_SQL } from "#server/db/site-zone";
import type { Actor } from "#server/auth/actor";
import { canReadReports } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { revenueSharePercentSql } from "#server/partners/revenue-share";
import { rangeBounds, type MonthKey, type ReportRange } from "./report-range";

/** The figures of the events in one currency: money is never added across currencies. */
export type CurrencyFigures = {
  currency: string;
  eventsHeld: number;
  eventsCancelled: number;
  teamsConfirmed: number;
  cancellations: number;
  revenueMinor: number;
  /** RCL's share, worked out per event and then added up. */
  shareMinor: number;
};

/** One row of a report: counts over every currency, and the money per currency. */
export type Figures = {
  eventsHeld: number;
  eventsCancelled: number;
  teamsConfirmed: number;
  cancellations: number;
  /** In the report's currency order; only currencies with something to count. */
  byCurrency: CurrencyFigures[];
};

/**
 * The figures of one month or one partner in one currency, as `figuresInRange` adds
 * them up: `month` is set for a month's row, `partnerId` for a partner's.
 */
export type FigureGroup = CurrencyFigures & { month: MonthKey | null; partnerId: string | null };

/** What a report is asked for. */
export type ReportRequest = {
  actor: Actor;
  range: ReportRange;
  now?: Date;
  /**
   * The range's figures, when the caller reads them for several reports at once
   * (`figuresInRange`): the page shows two reports of the same events.
   */
  figures?: Promise<FigureGroup[]>;
};

/** The reports are admins' only: every query checks, whoever calls it. */
export function assertReportReader(actor: Actor) {
  if (!canReadReports(actor)) throw forbidden();
}

/**
 * Every event starting in the range (by its start in Copenhagen), added up in SQL in one
 * pass, per month and currency and per partner and currency (grouping sets), so the
 * database sends a row per month and per partner rather than one per event. An event
 * is read by `events_starts_at_id_idx`; its confirmed and cancelled teams are counted in
 * `team_registrations_event_status_idx` without reading the registrations themselves.
 *
 * What one event adds: held means published and started (`starts_at ≤ now`); a
 * cancelled event is counted apart, a future one not at all. Revenue is the price of
 * each confirmed team of a held event; cancellations are the event's cancelled
 * registrations, whatever became of the event (cancelling an event cancels its bookings
 * too). RCL's share is rounded per event (half up, as `shareOf` does) and then added, as
 * it is invoiced. A group whose figures are all zero (drafts, future events only) is
 * left out, so its currency is not met. The rights are checked before the read starts,
 * so a refused caller leaves no read running that nobody awaits.
 */
export function figuresInRange(
  db: Database,
  { actor, range, now = new Date() }: { actor: Actor; range: ReportRange; now?: Date },
): Promise<FigureGroup[]> {
  assertReportReader(actor);
  return readFiguresInRange(db, range, now);
}

async function readFiguresInRange(db: Database, range: ReportRange, now: Date): Promise<FigureGroup[]> {
  const { start, end } = rangeBounds(range);
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  const result: unknown = await db.execute(sql`
    with per_event as (
      select ${events.partnerId} as partner_id,
        to_char(${events.startsAt} at time zone ${SITE_ZONE_SQL}, 'YYYY-MM') as month,
        ${events.currency} as currency,
        ${events.status} = 'published' and ${events.startsAt} <= ${at(now)} as held,
        ${events.status} = 'cancelled' as called_off,
        ${events.priceMinor}::bigint * teams.confirmed as revenue,
        ${revenueSharePercentSql} as share_percent,
        teams.confirmed,
        teams.cancelled
      from ${events}
      join ${partners} on ${partners.id} = ${events.partnerId}
      cross join lateral (
        select count(*) filter (where ${teamRegistrations.status} = 'confirmed') as confirmed,
          count(*) filter (where ${teamRegistrations.status} = 'cancelled') as cancelled
        from ${teamRegistrations}
        where ${teamRegistrations.eventId} = ${events.id}
          and ${teamRegistrations.status} in ('confirmed', 'cancelled')
      ) teams
      where ${events.startsAt} >= ${at(start)} and ${events.startsAt} < ${at(end)}
    ), summed as (
      select month, partner_id, currency,
        count(*) filter (where held) as events_held,
        count(*) filter (where called_off) as events_cancelled,
        coalesce(sum(confirmed) filter (where held), 0) as teams_confirmed,
        coalesce(sum(cancelled), 0) as cancellations,
        coalesce(sum(revenue) filter (where held), 0) as revenue_minor,
        coalesce(sum(floor(revenue * share_percent / 100.0 + 0.5)) filter (where held), 0) as share_minor
      from per_event
      group by grouping sets ((month, currency), (partner_id, currency))
    )
    select month, partner_id, currency, events_held, events_cancelled, teams_confirmed, cancellations,
      revenue_minor::bigint, share_minor::bigint
    from summed
    where events_held + events_cancelled + teams_confirmed + cancellations + revenue_minor + share_minor > 0`);
  // Counts and sums are bigint in SQL, which node-postgres hands over as text.
  return (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    month: row.month === null ? null : String(row.month),
    partnerId: row.partner_id === null ? null : String(row.partner_id),
    currency: String(row.currency),
    eventsHeld: Number(row.events_held),
    eventsCancelled: Number(row.events_cancelled),
    teamsConfirmed: Number(row.teams_confirmed),
    cancellations: Number(row.cancellations),
    revenueMinor: Number(row.revenue_minor),
    shareMinor: Number(row.share_minor),
  }));
}

const counts = ["eventsHeld", "eventsCancelled", "teamsConfirmed", "cancellations"] as const;
const sums = [...counts, "revenueMinor", "shareMinor"] as const;

/** Adds figures up, per currency. */
export class FiguresTotal {
  private readonly perCurrency = new Map<string, CurrencyFigures>();

  addCurrency(figures: CurrencyFigures) {
    let total = this.perCurrency.get(figures.currency);
    if (!total) {
      // Only the figures: a group's month or partner is not part of its sum.
      total = {
        currency: figures.currency,
        eventsHeld: 0,
        eventsCancelled: 0,
        teamsConfirmed: 0,
        cancellations: 0,
        revenueMinor: 0,
        shareMinor: 0,
      };
      this.perCurrency.set(figures.currency, total);
    }
    for (const name of sums) total[name] += figures[name];
  }

  currencies(): CurrencyFigures[] {
    return [...this.perCurrency.values()];
  }

  /** The figures, their currencies in `order` (the report's). */
  figures(order: readonly string[]): Figures {
    const byCurrency = [...this.perCurrency.values()].sort(
      (a, b) => order.indexOf(a.currency) - order.indexOf(b.currency),
    );
    const total = (name: (typeof counts)[number]) => byCurrency.reduce((sum, row) => sum + row[name], 0);
    return {
      eventsHeld: total("eventsHeld"),
      eventsCancelled: total("eventsCancelled"),
      teamsConfirmed: total("teamsConfirmed"),
      cancellations: total("cancellations"),
      byCurrency,
    };
  }
}

/** What a report shows when nothing in the range has a currency. */
const FALLBACK_CURRENCY = "DKK";

/**
 * The report's currencies, the most used first: most teams confirmed, then most events
 * held, then by code. The first is the one the revenue chart draws.
 */
export function currencyOrder(total: FiguresTotal): string[] {
  const order = total
    .currencies()
    .sort(
      (a, b) =>
        b.teamsConfirmed - a.teamsConfirmed ||
        b.eventsHeld - a.eventsHeld ||
        a.currency.localeCompare(b.currency),
    )
    .map((row) => row.currency);
  return order.length > 0 ? order : [FALLBACK_CURRENCY];
}
