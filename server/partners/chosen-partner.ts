import type { Actor } from "#server/auth/actor";
import { seesAllPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { listManagedPartners } from "./queries";

/**
 * The partner a partner-area page works for (the profile editor, the billing details):
 * `?partner=<id>`, or a member's first partner. Admins act for any partner, so without
 * `?partner=` they choose one first (null). The id is not checked here: the page's query
 * or command reads it within the actor's scope, so another partner's id is "not found".
 */
export async function chosenPartner(request: Request, db: Database, actor: Actor) {
  const choices = await listManagedPartners(db, actor);
  const requested = new URL(request.url).searchParams.get("partner");
  const partnerId = requested ?? (seesAllPartners(actor) ? null : (choices[0]?.id ?? ""));
  return { choices, partnerId };
}
