import { DateTime } from "~/components/dashboard/record-page";
import { ListTable } from "~/components/ui/list-table";
import { Pagination } from "~/components/ui/pagination";
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

/** A column of counts, its digits aligned. */
const count = (label: string, value: (message: SentMessage) => number) => ({
  label,
  cell: (message: SentMessage) => <span className="tabular-nums">{value(message)}</span>,
});

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
      <ListTable
        caption="Messages sent to this event's participants, newest first"
        columns={[
          {
            label: "Subject",
            cell: (message) => (
              <>
                <span className="font-medium text-slate-900">{message.subject}</span>
                <span className="block text-xs text-slate-500">
                  {AUDIENCE_LABELS[message.audience]}, {TEAMS_LABELS[message.teams].toLowerCase()}
                </span>
              </>
            ),
          },
          { label: "Sent by", cell: (message) => message.senderEmail || "(deleted account)" },
          { label: "Sent at", nowrap: true, cell: (message) => <DateTime value={message.createdAt} /> },
          count("Recipients", (message) => message.recipientCount),
          count("Delivered", (message) => message.delivered),
          count("Failed", (message) => message.failed),
          count("Queued", (message) => message.queued),
        ]}
        rows={messages}
        rowKey={(message) => message.id}
        empty={total === 0 ? "No message has been sent to this event's participants yet." : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label="Sent messages pages" />
    </section>
  );
}
