import { formatCalendarDay } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { MailDraft } from "#server/email/templates";
import { mailIn } from "#server/email/templates";
import { onlineSettlementLines, type StatementContents } from "./statement-contents";
import { formatStatementMonth } from "./statement-month";

/** The mail that brings a partner its monthly statement, in the partner's language. */
export function statementMail(contents: StatementContents, to: string, baseUrl: string): MailDraft {
  return mailIn(contents.language, () => {
    const { statement, commissionInvoice, documents } = contents;
    const month = formatStatementMonth(statement.month, contents.language);
    const money = (minor: number) => formatMoneyExact(minor, "DKK");
    const details: [string, string][] = [
      [m.mail_statement_label_documents(), String(documents.length)],
      [m.mail_statement_label_net(), money(statement.netMinor)],
      [m.mail_statement_label_gross(), money(statement.grossMinor)],
    ];
    if (statement.revenueSharePercent !== null) {
      details.push([
        m.statement_commission_gross(),
        money(statement.commissionNetMinor + statement.commissionVatMinor),
      ]);
    }
    details.push([m.statement_partner_keeps(), money(statement.partnerKeepsMinor)]);
    for (const line of onlineSettlementLines(statement, contents.language)) {
      details.push([line.label, money(line.amountMinor)]);
    }
    const paragraphs = [m.mail_statement_lead({ month })];
    if (commissionInvoice) {
      paragraphs.push(
        m.mail_statement_commission_invoice({
          number: commissionInvoice.number,
          dueDate: commissionInvoice.dueDate ? formatCalendarDay(commissionInvoice.dueDate) : "",
        }),
      );
    }
    return {
      to,
      subject: m.mail_statement_subject({ month }),
      content: {
        heading: m.mail_statement_heading({ month }),
        paragraphs,
        details,
        action: { label: m.mail_statement_action(), url: `${baseUrl}/dashboard/partner/statements` },
        reason: m.mail_statement_why({ partner: contents.partner.name }),
      },
    };
  });
}
