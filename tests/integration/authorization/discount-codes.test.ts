import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, discountCodes } from "#server/db/schema";
import { createDiscountCode } from "#server/discounts/create-discount-code";
import { disableDiscountCode } from "#server/discounts/disable-discount-code";
import { isAppError } from "#server/errors";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  type AuthorizationCase,
  type Cast,
  type Target,
  visit,
} from "./support";

// A partner's discount codes (/dashboard/partner/discount-codes): its members and admins
// create and disable them, another partner's member is told "not found" and nothing
// changes; the admin page (/dashboard/admin/discount-codes) disables any partner's code.

const cast = castForThisFile();
const db = () => cast().site.database.db;

const PARTNER_PATH = "/dashboard/partner/discount-codes";
const ADMIN_PATH = "/dashboard/admin/discount-codes";

type CodeTarget = Target & { partnerId: string; codeId: string };

const codeForm = (partnerId: string, code = `AUTHZ-${randomUUID().slice(0, 8).toUpperCase()}`) => ({
  partnerId,
  code,
  kind: "percent",
  value: "10",
  eventId: "",
  maxUses: "",
  validFrom: "",
  validUntil: "",
  minTeams: "1",
});

/** The host partner's codes and their audit rows: a refused request changes neither. */
async function codesSnapshot(partnerId: string) {
  const codes = await db()
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.partnerId, partnerId))
    .orderBy(discountCodes.id);
  const audit = await db()
    .select({ id: auditLog.id, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.partnerId, partnerId))
    .orderBy(auditLog.id);
  return { codes, audit };
}

type Snapshot = Awaited<ReturnType<typeof codesSnapshot>>;

/** A new code of the host partner, made by its member; "owner" is that member. */
async function hostCode(theCast: Cast): Promise<CodeTarget> {
  const code = await createDiscountCode(servicesOf(theCast), {
    actor: actorOf(theCast, "partner"),
    input: codeForm(theCast.hostPartnerId),
  });
  return { owner: theCast.accounts.partner, partnerId: theCast.hostPartnerId, codeId: code.id };
}

async function expectDisabled(target: CodeTarget) {
  const [code] = await db().select().from(discountCodes).where(eq(discountCodes.id, target.codeId));
  expect(code?.disabledAt).toBeInstanceOf(Date);
}

const creatingCode: AuthorizationCase<Target & { partnerId: string; code: string }, Snapshot> = {
  name: "creating a partner's discount code",
  arrange: async (theCast) => ({
    owner: theCast.accounts.partner,
    partnerId: theCast.hostPartnerId,
    code: `NEW-${randomUUID().slice(0, 8).toUpperCase()}`,
  }),
  request: (target) => ({
    path: PARTNER_PATH,
    form: { intent: "create", ...codeForm(target.partnerId, target.code) },
  }),
  snapshot: (_cast, target) => codesSnapshot(target.partnerId),
  expected: signedInOnly(allowed(303), { "other partner": refused(404), user: refused(302) }),
  async verify({ target }) {
    const after = await codesSnapshot(target.partnerId);
    expect(after.codes.map((code) => code.code)).toContain(target.code);
  },
};

const disablingFromPartnerArea: AuthorizationCase<CodeTarget, Snapshot> = {
  name: "disabling a partner's discount code from the partner area",
  arrange: hostCode,
  request: (target) => ({ path: PARTNER_PATH, form: { intent: "disable", codeId: target.codeId } }),
  snapshot: (_cast, target) => codesSnapshot(target.partnerId),
  expected: signedInOnly(allowed(303), { "other partner": refused(404), user: refused(302) }),
  verify: ({ target }) => expectDisabled(target),
};

const disablingFromAdminArea: AuthorizationCase<CodeTarget, Snapshot> = {
  name: "disabling a partner's discount code from the admin area",
  arrange: hostCode,
  request: (target) => ({ path: ADMIN_PATH, form: { intent: "disable", codeId: target.codeId } }),
  snapshot: (_cast, target) => codesSnapshot(target.partnerId),
  // Everyone but an admin is sent to their own dashboard before the command runs.
  expected: signedInOnly(refused(302), { admin: allowed(303) }),
  verify: ({ target }) => expectDisabled(target),
};

describe("discount codes", () => {
  forEachActor(creatingCode, cast);
  forEachActor(disablingFromPartnerArea, cast);
  forEachActor(disablingFromAdminArea, cast);

  it("refuses the disable command itself to another partner's member as not found, the row unchanged", async () => {
    const target = await hostCode(cast());
    const before = await codesSnapshot(target.partnerId);
    const refusal = await disableDiscountCode(servicesOf(cast()), {
      actor: actorOf(cast(), "other partner"),
      codeId: target.codeId,
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("not_found");
    expect(await codesSnapshot(target.partnerId)).toEqual(before);
  });

  it("lists only the member's own partner's codes, and every partner's for an admin", async () => {
    const { codeId } = await hostCode(cast());
    const other = await createDiscountCode(servicesOf(cast()), {
      actor: actorOf(cast(), "other partner"),
      input: codeForm(cast().otherPartnerId),
    });
    const page = async (who: "partner" | "admin", path: string) => {
      const response = await visit(cast().site, path, cast().accounts[who].cookie);
      expect(response.status).toBe(200);
      return response.text();
    };
    const [own] = await db().select().from(discountCodes).where(eq(discountCodes.id, codeId));
    const partnerPage = await page("partner", PARTNER_PATH);
    expect(partnerPage).toContain(own!.code);
    expect(partnerPage).not.toContain(other.code);
    const adminPage = await page("admin", ADMIN_PATH);
    expect(adminPage).toContain(own!.code);
    expect(adminPage).toContain(other.code);
  });
});
