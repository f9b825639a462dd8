import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canAdministerPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";
import { forbidden, notFound } from "#server/errors";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";

/** The partner an admin command changes, locked for the transaction; only admins get one. */
export async function findAdministeredPartner(tx: Database, actor: Actor, partnerId: string) {
  if (!canAdministerPartners(actor)) throw forbidden();
  if (!isUuid(partnerId)) throw notFound(m.err_partner_not_found());
  const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for("update");
  if (!partner) throw notFound(m.err_partner_not_found());
  return partner;
}
