import { DateTime } from "~/components/dashboard/record-page";
import { ListTable } from "~/components/ui/list-table";
import { Pagination } from "~/components/ui/pagination";
import { AUDIENCE_LABELS, TEAMS_LABELS, type RecipientChoice } from "~/lib/forms/participant-message-schema";
import { m } from "~/paraglide/messages";

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
        {m.messages_sent_heading()}
      </h2>
      <ListTable
        caption={m.messages_sent_caption()}
        columns={[
          {
            label: m.messages_subject(),
            cell: (message) => (
              <>
                <span className="font-medium text-slate-900">{message.subject}</span>
                <span className="block text-xs text-slate-500">
                  {AUDIENCE_LABELS[message.audience]}, {TEAMS_LABELS[message.teams].toLowerCase()}
                </span>
              </>
            ),
          },
          {
            label: m.messages_sent_by(),
            cell: (message) => message.senderEmail || m.messages_deleted_account(),
          },
          {
            label: m.messages_sent_at(),
            nowrap: true,
            cell: (message) => <DateTime value={message.createdAt} />,
          },
          count(m.messages_recipients(), (message) => message.recipientCount),
          count(m.messages_delivered(), (message) => message.delivered),
          count(m.messages_failed(), (message) => message.failed),
          count(m.messages_queued(), (message) => message.queued),
        ]}
        rows={messages}
        rowKey={(message) => message.id}
        empty={total === 0 ? m.messages_sent_empty() : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.messages_sent_pages()} />
    </section>
  );
}
