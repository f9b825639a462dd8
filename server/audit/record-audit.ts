import { sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { auditLog, users, type AuditChanges } from "#server/db/schema";

export type AuditEntry = {
  /** `subject.verb`, for example `partner.update` or `application.decline`. */
  action: string;
  entityType: string;
  entityId: string;
  /** The partner the change concerns, so admins can filter the log by partner. */
  partnerId?: string | null;
  summary?: string;
  changes?: AuditChanges;
};

/**
 * Writes one audit row in the transaction of the change it records, so the log never
 * names a change that rolled back. The actor's email is copied from their account.
 */
export async function recordAudit(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), '')`,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    partnerId: entry.partnerId ?? null,
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
