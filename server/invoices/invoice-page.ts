/**
 * The server side of an invoice's page, shared by the partner and the admin area: what
 * the loader reads and what the action runs, each for the signed-in actor, within the
 * area's scope.
 */
import type { Submission } from "@conform-to/react";
import type { LoadContext } from "#server/context";
import { invoiceDetailPath } from "~/components/invoices/invoice-paths";
import type { Actor } from "#server/auth/actor";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { copenhagenToday } from "./document-status";
import { getInvoiceDetail } from "./get-invoice-detail";
import { issueCreditNote } from "./issue-credit-note";
import type { InvoiceArea } from "./queries";
import { recordPayment } from "./record-payment";

export async function loadInvoicePage(
  context: LoadContext,
  { actor, area, id }: { actor: Actor; area: InvoiceArea; id: string },
) {
  const now = new Date();
  const detail = await getInvoiceDetail(context.db, { actor, area, id, now });
  return { area, detail, today: copenhagenToday(now) };
}

/** "pay" marks money received, "credit" issues a partial credit note; each back to the page with its toast. */
export function runInvoicePageIntent(
  context: LoadContext,
  submission: Submission<Record<string, unknown>>,
  { actor, area, id }: { actor: Actor; area: InvoiceArea; id: string },
) {
  const path = invoiceDetailPath(area, id);
  return runIntent(
    submission,
    {
      pay: redirectAfter(path, "invoice-payment-recorded", (input) =>
        recordPayment(context, { actor, invoiceId: id, input }),
      ),
      credit: redirectAfter(path, "invoice-credited", (input) =>
        issueCreditNote(context, { actor, invoiceId: id, input }),
      ),
    },
    // The page's own read: a document of another seller is "not found" whatever is sent.
    { record: () => getInvoiceDetail(context.db, { actor, area, id }) },
  );
}
