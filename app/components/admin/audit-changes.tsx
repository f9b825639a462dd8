import type { AuditChanges as Changes } from "#server/db/schema";
import { m } from "~/paraglide/messages";

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return m.admin_audit_empty_value();
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** The fields an audit entry changed, each with its value before and after. */
export function AuditChanges({ changes }: { changes: Changes }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return null;
  return (
    <dl className="mt-1 space-y-1 text-xs text-slate-600">
      {entries.map(([field, { before, after }]) => (
        <div key={field}>
          <dt className="inline font-medium text-slate-800">{field}: </dt>
          <dd className="inline break-words">
            {shown(before)} → {shown(after)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
