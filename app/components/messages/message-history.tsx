import { AdminTable, cellClass } from "~/components/admin/admin-page";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { AUDIENCE_LABELS, TEAMS_LABELS, type RecipientChoice } from "~/lib/forms/participant-message-schema";

export type SentMessage = RecipientChoice & {
  id: string;
  subject: string;
  senderEmail: string;
  createdAt: Date;
  recipientCount: number;
  delivered: number;
  failed: number;
  queued: number;
};

const numberCell = `${cellClass} tabular-nums`;

/**
 * The messages sent for one event, newest first, with how their delivery went: each
 * address is queued until its mail is handed to the mail server, and failed once the
 * retries (about an hour of them) are used up.
 */
export function MessageHistory({
  messages,
  page,
  pageSize,
  total,
}: {
  messages: SentMessage[];
  page: number;
  pageSize: number;
  total: number;
}) {
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold text-navy-900">
        Sent messages
      </h2>
      <AdminTable
        caption="Messages sent to this event's participants, newest first"
        columns={["Subject", "Sent by", "Sent at", "Recipients", "Delivered", "Failed", "Queued"]}
        empty={total === 0 ? "No message has been sent to this event's participants yet." : null}
      >
        {messages.map((message) => (
          <tr key={message.id}>
            <td className={cellClass}>
              <span className="font-medium text-slate-900">{message.subject}</span>
              <span className="block text-xs text-slate-500">
                {AUDIENCE_LABELS[message.audience]}, {TEAMS_LABELS[message.teams].toLowerCase()}
              </span>
            </td>
            <td className={cellClass}>{message.senderEmail || "(deleted account)"}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={message.createdAt.toISOString()}>
                {formatDate(message.createdAt)}, {formatTime(message.createdAt)}
              </time>
            </td>
            <td className={numberCell}>{message.recipientCount}</td>
            <td className={numberCell}>{message.delivered}</td>
            <td className={numberCell}>{message.failed}</td>
            <td className={numberCell}>{message.queued}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Sent messages pages" />
    </section>
  );
}
