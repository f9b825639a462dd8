/**
 * Whose bank account a statement is of, and what its lines may pay: a partner's account
 * pays the invoices issued in the partner's name, RCL's own account pays RCL's commission
 * invoices. Lines are kept under the owner's key, the same key as the owner's document
 * series (`partner:<id>`, `rcl`).
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { canManagePartner, seesAllPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { invoices, partners } from "#server/db/schema";
import { notFound } from "#server/errors";
import { isUuid } from "~/lib/ids";
import { partnerSeries, RCL_SERIES } from "#server/invoices/series";

/** The account a page asks for: a partner's (by id, as the address gives it), or RCL's. */
export type StatementOwnerRequest = { partnerId: unknown } | "rcl";

export type StatementOwner = {
  key: string;
  /** The partner, or null for RCL. */
  partnerId: string | null;
  /** The invoices the owner's account is paid for. */
  invoicesScope: SQL;
};

const accountNotFound = () => notFound(m.bank_account_not_found());

/**
 * The owner, when the actor may read and match its statements: a partner's member or an
 * admin for a partner's account, an admin for RCL's. Anything else is "not found", like a
 * partner that does not exist.
 */
export async function statementOwner(
  db: Database,
  actor: Actor,
  request: StatementOwnerRequest,
): Promise<StatementOwner> {
  if (request === "rcl") {
    if (!seesAllPartners(actor)) throw accountNotFound();
    return {
      key: RCL_SERIES,
      partnerId: null,
      invoicesScope: and(isNull(invoices.sellerPartnerId), eq(invoices.kind, "invoice")) as SQL,
    };
  }
  const { partnerId } = request;
  if (typeof partnerId !== "string" || !isUuid(partnerId) || !canManagePartner(actor, { id: partnerId })) {
    throw accountNotFound();
  }
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw accountNotFound();
  return {
    key: partnerSeries(partner.id),
    partnerId: partner.id,
    invoicesScope: and(eq(invoices.sellerPartnerId, partner.id), eq(invoices.kind, "invoice")) as SQL,
  };
}
