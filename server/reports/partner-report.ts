import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";
import { revenueSharePercent } from "#server/partners/revenue-share";
import {
  assertReportReader,
  currencyOrder,
  figuresInRange,
  type ReportRequest,
  FiguresTotal,
  type Figures,
} from "./event-figures";
import type { ReportRange } from "./report-range";

export type PartnerReportRow = {
  id: string;
  name: string;
  status: "pending" | "approved" | "suspended";
  tier: "basic" | "premium";
  /** RCL's share of the partner's revenue as its tier gives it today. */
  sharePercent: number;
  figures: Figures;
};

export type PartnerReport = {
  range: ReportRange;
  currencies: string[];
  /** Every approved partner, and any other with figures in the range, by name. */
  partners: PartnerReportRow[];
  total: Figures;
};

/** One collator for the whole sort: `localeCompare(…, "da")` builds one per comparison. */
const DANISH = new Intl.Collator("da");

/** The figures of the range per partner: the same counts and money as the monthly report. */
export async function partnerReport(
  db: Database,
  { actor, range, now = new Date(), figures }: ReportRequest,
): Promise<PartnerReport> {
  assertReportReader(actor);
  const [rows, partnerRows] = await Promise.all([
    figures ?? figuresInRange(db, { actor, range, now }),
    db
      .select({
        id: partners.id,
        name: partners.name,
        status: partners.status,
        tier: partners.tier,
        revenueSharePercent: partners.revenueSharePercent,
      })
      .from(partners),
  ]);
  // Sorted here: PGlite and PostgreSQL may collate "Ærø" differently; Danish order is wanted.
  partnerRows.sort((a, b) => DANISH.compare(a.name, b.name) || a.id.localeCompare(b.id));
  const perPartner = new Map<string, FiguresTotal>();
  const total = new FiguresTotal();
  for (const row of rows) {
    if (row.partnerId === null) continue;
    let figures = perPartner.get(row.partnerId);
    if (!figures) {
      figures = new FiguresTotal();
      perPartner.set(row.partnerId, figures);
    }
    figures.addCurrency(row);
    total.addCurrency(row);
  }
  const currencies = currencyOrder(total);
  const listed = partnerRows.filter(
    (partner) => partner.status === "approved" || perPartner.get(partner.id)?.currencies().length,
  );
  return {
    range,
    currencies,
    partners: listed.map((partner) => ({
      id: partner.id,
      name: partner.name,
      status: partner.status,
      tier: partner.tier,
      sharePercent: revenueSharePercent(partner),
      figures: (perPartner.get(partner.id) ?? new FiguresTotal()).figures(currencies),
    })),
    total: total.figures(currencies),
  };
}
