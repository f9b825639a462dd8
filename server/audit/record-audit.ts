import { sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { auditLog, users, type AuditChanges } from "#server/db/schema";

/**
 * What each audited change is about (the subject before the dot of its action) and the
 * entity type the log files it under.
 */
const ENTITY_TYPES = {
  application: "partner_application",
  bank_statement: "bank_statement",
  billing_profile: "partner_billing_profile",
  discount_code: "discount_code",
  event: "event",
  image: "image",
  inquiry: "inquiry",
  invoice: "invoice",
  partner: "partner",
  registration: "registration",
  settings: "site_settings",
  user: "user",
} as const;

type AuditSubject = keyof typeof ENTITY_TYPES;

/** Every verb the log records for each subject. */
type AuditVerbs = {
  application: "approve" | "decline";
  bank_statement: "import";
  billing_profile: "update" | "confirm_vat" | "connect_payout" | "payout_ready";
  discount_code: "create" | "disable";
  event:
    | "create"
    | "update"
    | "propose_changes"
    | "submit"
    | "submit_changes"
    | "approve"
    | "approve_changes"
    | "request_changes"
    | "request_changes_to_changes"
    | "unpublish"
    | "cancel"
    | "delete"
    | "message_participants"
    | "save_declaration"
    | "weather_limits"
    | "fetch_forecast"
    | "weather_decision"
    | "move_to_backup";
  image: "upload" | "delete";
  inquiry: "reply" | "archive" | "reopen";
  invoice: "credit" | "record_payment" | "match_bank_line";
  partner:
    | "create"
    | "update"
    | "update_settings"
    | "suspend"
    | "reinstate"
    | "add_member"
    | "remove_member"
    | "staff_invite"
    | "staff_remove";
  registration: "confirm" | "move" | "cancel" | "substitute" | "declare_at_jetty";
  settings: "update";
  user:
    | "change_role"
    | "disable"
    | "enable"
    | "delete"
    | "resend_verification"
    | "link_partner"
    | "unlink_partner";
};

/** `subject.verb`, for example `partner.update` or `application.decline`. */
type AuditAction = { [S in AuditSubject]: `${S}.${AuditVerbs[S]}` }[AuditSubject];

export type AuditEntry = {
  action: AuditAction;
  /** The changed row, of the entity type the action's subject names. */
  entityId: string;
  /**
   * The partner the change concerns, so admins can filter the log by partner. A change
   * to a partner itself concerns that partner.
   */
  partnerId?: string | null;
  summary?: string;
  changes?: AuditChanges;
};

/**
 * The actor's address as their account has it, for a row that keeps it after the
 * account is gone; "" when there is no account.
 */
export const actorEmail = (actor: Actor) =>
  sql<string>`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), '')`;

/**
 * Writes one audit row in the transaction of the change it records, so the log never
 * names a change that rolled back. The actor's email is copied from their account.
 */
export async function recordAudit(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  const subject = entry.action.slice(0, entry.action.indexOf(".")) as AuditSubject;
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actorEmail(actor),
    action: entry.action,
    entityType: ENTITY_TYPES[subject],
    entityId: entry.entityId,
    partnerId: entry.partnerId ?? (subject === "partner" ? entry.entityId : null),
    summary: entry.summary ?? "",
    changes: entry.changes ?? {},
  });
}

/**
 * The fields of `after` whose value differs from `before`, each with both values.
 * Compared as JSON with sorted keys, so arrays and objects (a gallery, the testimonials)
 * compare by content: PostgreSQL hands jsonb back with its keys in an order of its own.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (stableJson(before[field] ?? null) !== stableJson(value ?? null)) {
      changes[field] = { before: before[field] ?? null, after: value ?? null };
    }
  }
  return changes;
}

/** JSON with every object's keys in sorted order, so equal content gives equal text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
