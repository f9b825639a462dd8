import { and, eq, gte, lt, sql } from "drizzle-orm";
import { countWhere } from "#server/db/count-where";
import { SITE_ZONE_SQL } from "#server/db/site-zone";
import type { Actor } from "#server/auth/actor";
import { canReadReports } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { revenueSharePercentSql, shareOf } from "#server/partners/revenue-share";
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

/** One event of the range with what the reports need of it. */
export type EventFigureRow = {
  partnerId: string;
  month: MonthKey;
  status: string;
  startsAt: Date;
  priceMinor: number;
  currency: string;
  sharePercent: number;
  confirmed: number;
  cancelled: number;
};

/** What a report is asked for. */
export type ReportRequest = {
  actor: Actor;
  range: ReportRange;
  now?: Date;
  /**
   * The range's events, when the caller reads them for several reports at once
   * (`eventsInRange`): the page shows two reports of the same events.
   */
  figures?: Promise<EventFigureRow[]>;
};

/** The reports are admins' only: every query checks, whoever calls it. */
export function assertReportReader(actor: Actor) {
  if (!canReadReports(actor)) throw forbidden();
}

/**
 * Every event starting in the range (by its start in Copenhagen), whatever its status,
 * with its confirmed and cancelled registrations counted and its partner's share as the
 * partner's tier gives it today. The rights are checked before the read starts, so a
 * refused caller leaves no read running that nobody awaits.
 */
export function eventsInRange(
  db: Database,
  { actor, range }: { actor: Actor; range: ReportRange },
): Promise<EventFigureRow[]> {
  assertReportReader(actor);
  return readEventsInRange(db, range);
}

async function readEventsInRange(db: Database, range: ReportRange): Promise<EventFigureRow[]> {
  const { start, end } = rangeBounds(range);
  const zone = SITE_ZONE_SQL;
  return db
    .select({
      partnerId: events.partnerId,
      month: sql<string>`to_char(${events.startsAt} at time zone ${zone}, 'YYYY-MM')`,
      status: events.status,
      startsAt: events.startsAt,
      priceMinor: events.priceMinor,
      currency: events.currency,
      sharePercent: revenueSharePercentSql.mapWith(Number),
      confirmed: countWhere(eq(teamRegistrations.status, "confirmed")),
      cancelled: countWhere(eq(teamRegistrations.status, "cancelled")),
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(teamRegistrations, eq(teamRegistrations.eventId, events.id))
    .where(and(gte(events.startsAt, start), lt(events.startsAt, end)))
    .groupBy(events.id, partners.id);
}

/**
 * What one event adds to a report. Held means published and started: a cancelled event
 * is counted apart, a future one not at all. Revenue is the price of each confirmed team
 * of a held event; cancellations are the event's cancelled registrations, whatever became
 * of the event (cancelling an event cancels its bookings too).
 */
function figuresOf(row: EventFigureRow, now: Date): CurrencyFigures {
  const held = row.status === "published" && row.startsAt.getTime() <= now.getTime();
  const revenueMinor = held ? row.priceMinor * row.confirmed : 0;
  return {
    currency: row.currency,
    eventsHeld: held ? 1 : 0,
    eventsCancelled: row.status === "cancelled" ? 1 : 0,
    teamsConfirmed: held ? row.confirmed : 0,
    cancellations: row.cancelled,
    revenueMinor,
    shareMinor: shareOf(revenueMinor, row.sharePercent),
  };
}

const counts = ["eventsHeld", "eventsCancelled", "teamsConfirmed", "cancellations"] as const;
const sums = [...counts, "revenueMinor", "shareMinor"] as const;

/** Adds events' figures up, per currency; an event that adds nothing (a draft, a future event) leaves no trace. */
export class FiguresTotal {
  private readonly perCurrency = new Map<string, CurrencyFigures>();

  addEvent(row: EventFigureRow, now: Date) {
    const figures = figuresOf(row, now);
    if (sums.every((name) => figures[name] === 0)) return;
    this.addCurrency(figures);
  }

  addCurrency(figures: CurrencyFigures) {
    const total = this.perCurrency.get(figures.currency);
    if (!total) {
      this.perCurrency.set(figures.currency, { ...figures });
      return;
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
