import { Link } from "react-router";
import { RecordPage, replyTo } from "~/components/dashboard/record-page";
import { IntentForm } from "~/components/forms/intent-form";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { ListTable } from "~/components/ui/list-table";
import { formatCalendarDay } from "~/lib/dates";
import { creditNoteSchema, paymentSchema } from "~/lib/forms/invoice-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { documentKindLabel, documentName } from "~/lib/invoice-status";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { InvoiceDetail } from "#server/invoices/get-invoice-detail";
import type { BuyerSnapshot, SellerSnapshot } from "#server/invoices/document";
import { DocumentFileLinks, DocumentStatus } from "./document-parts";
import { ADMIN_INVOICES_PATH, invoiceDetailPath, PARTNER_INVOICES_PATH } from "./invoice-paths";

const validatePayment = validateWith(paymentSchema);
const validateCredit = validateWith(creditNoteSchema);

const money = (minor: number) => formatMoneyExact(minor, "DKK");
/** An amount as the forms take it back: kroner with a decimal comma, no grouping ("1250,50"). */
const kronerInput = (minor: number) => (minor / 100).toFixed(2).replace(".", ",");
const day = (value: string) => <time dateTime={value}>{formatCalendarDay(value)}</time>;

type Area = "partner" | "admin";

/**
 * An issued invoice's or credit note's page in the partner or admin area: what is
 * printed on it, its files, its credit notes and payments, what is still owed, and the
 * forms that mark it paid or credit part of it. Each form shows only its own refusal.
 */
export function InvoiceDetailPage({
  area,
  detail,
  today,
  actionData,
}: {
  area: Area;
  detail: InvoiceDetail;
  /** Copenhagen's date, the payment date's default. */
  today: string;
  actionData: unknown;
}) {
  const { document } = detail;
  const { content } = document;
  const name = documentName(document.kind, document.number);
  const isInvoice = document.kind === "invoice";
  return (
    <RecordPage
      back={{
        to: area === "partner" ? PARTNER_INVOICES_PATH : ADMIN_INVOICES_PATH,
        label: m.invoice_detail_back(),
      }}
      title={name}
      facts={
        <>
          <DocumentStatus
            kind={document.kind}
            status={document.status}
            creditedNumber={document.creditedNumber}
          />
          <span>{documentKindLabel(document.kind)}</span>
          <span>{m.invoice_detail_issued({ date: formatCalendarDay(document.issueDate) })}</span>
          {document.dueDate && (
            <span>{m.invoice_detail_due({ date: formatCalendarDay(document.dueDate) })}</span>
          )}
        </>
      }
      below={
        <p className="text-sm text-slate-600">
          {document.eventTitle && <>{document.eventTitle} · </>}
          {m.invoice_detail_reference({ reference: content.reference })}
        </p>
      }
    >
      {document.creditedInvoiceId && document.creditedNumber && (
        <p className="text-sm">
          {m.invoice_detail_credits()}{" "}
          <Link
            to={invoiceDetailPath(area, document.creditedInvoiceId)}
            className="font-medium text-water-700 underline"
          >
            {document.creditedNumber}
          </Link>
          {content.reason && <> · {m.invoice_detail_reason({ reason: content.reason })}</>}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Party heading={m.invoice_pdf_seller()} party={content.seller} />
        <Party heading={m.invoice_pdf_buyer()} party={content.buyer} />
      </div>
      <Lines detail={detail} name={name} />
      <section aria-labelledby="invoice-files" className="space-y-2">
        <h2 id="invoice-files" className="text-lg font-semibold text-navy-900">
          {m.invoice_detail_files_heading()}
        </h2>
        <DocumentFileLinks document={document} />
        {content.paymentReference && (
          <p className="text-sm text-slate-700">
            {m.invoice_detail_payment_reference()}{" "}
            <span className="font-mono">
              {content.paymentReference.kind === "fik71"
                ? content.paymentReference.line
                : content.paymentReference.text}
            </span>
          </p>
        )}
      </section>
      {isInvoice && (
        <>
          <Owed detail={detail} />
          <CreditNotes area={area} detail={detail} />
          <Payments detail={detail} />
          {document.dueMinor > 0 && (
            <PaymentForm due={document.dueMinor} today={today} lastResult={replyTo(actionData, "pay")} />
          )}
          {document.status !== "credited" && (
            <CreditForm detail={detail} lastResult={replyTo(actionData, "credit")} />
          )}
        </>
      )}
    </RecordPage>
  );
}

function Party({ heading, party }: { heading: string; party: SellerSnapshot | BuyerSnapshot }) {
  const buyer = "ean" in party ? party : null;
  return (
    <section className="rounded-lg border border-slate-200 p-4 text-sm">
      <h2 className="font-semibold text-navy-900">{heading}</h2>
      <p className="mt-1 text-slate-800">{party.name}</p>
      <p className="text-slate-700">{party.addressLine}</p>
      <p className="text-slate-700">
        {party.postalCode} {party.city}
      </p>
      {party.cvr && <p className="text-slate-700">{m.invoice_pdf_cvr({ cvr: party.cvr })}</p>}
      {buyer?.ean && <p className="text-slate-700">{m.invoice_pdf_ean({ ean: buyer.ean })}</p>}
      {buyer?.personReference && (
        <p className="text-slate-700">{m.invoice_pdf_attention({ person: buyer.personReference })}</p>
      )}
      {buyer?.orderNumber && (
        <p className="text-slate-700">{m.invoice_pdf_order_number({ orderNumber: buyer.orderNumber })}</p>
      )}
      {"vatStatus" in party && (
        <p className="text-slate-700">
          {party.vatStatus === "registered" ? m.invoice_pdf_vat_registered() : m.invoice_pdf_vat_exempt()}
        </p>
      )}
    </section>
  );
}

/** The lines, then the totals with moms per rate, as the PDF prints them. */
function Lines({ detail, name }: { detail: InvoiceDetail; name: string }) {
  const { content } = detail.document;
  const { totals } = content;
  return (
    <section aria-labelledby="invoice-lines" className="space-y-3">
      <h2 id="invoice-lines" className="text-lg font-semibold text-navy-900">
        {m.invoice_detail_lines_heading()}
      </h2>
      <ListTable
        caption={m.invoice_detail_lines_caption({ name })}
        rows={content.lines.map((line, index) => ({ ...line, index }))}
        rowKey={(line) => line.index}
        empty={null}
        columns={[
          { label: m.invoice_pdf_col_description(), cell: (line) => line.description },
          { label: m.invoice_pdf_col_quantity(), nowrap: true, cell: (line) => line.quantity },
          { label: m.invoice_pdf_col_unit_price(), nowrap: true, cell: (line) => money(line.unitNetMinor) },
          {
            label: m.invoice_pdf_col_vat_rate(),
            nowrap: true,
            cell: (line) =>
              line.vatCategory === "E"
                ? m.invoice_pdf_rate_exempt()
                : m.invoice_pdf_percent({ percent: line.vatPercent }),
          },
          { label: m.invoice_pdf_col_amount(), nowrap: true, cell: (line) => money(line.netMinor) },
        ]}
      />
      <dl className="ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">{m.invoice_pdf_subtotal()}</dt>
        <dd className="text-right tabular-nums">{money(totals.netMinor)}</dd>
        {totals.breakdown.map((rate) =>
          rate.category === "E" ? (
            <div key={`${rate.category}${rate.percent}`} className="contents">
              <dt className="text-slate-600">{m.invoice_pdf_exempt_amount()}</dt>
              <dd className="text-right tabular-nums">{money(rate.baseMinor)}</dd>
            </div>
          ) : (
            <div key={`${rate.category}${rate.percent}`} className="contents">
              <dt className="text-slate-600">
                {m.invoice_pdf_vat_at_rate({ rate: m.invoice_pdf_percent({ percent: rate.percent }) })}
              </dt>
              <dd className="text-right tabular-nums">{money(rate.vatMinor)}</dd>
            </div>
          ),
        )}
        <dt className="font-semibold text-slate-900">{m.invoice_pdf_total()}</dt>
        <dd className="text-right font-semibold tabular-nums">{money(totals.grossMinor)}</dd>
      </dl>
      {content.reason && !detail.document.creditedInvoiceId && (
        <p className="text-sm">{m.invoice_detail_reason({ reason: content.reason })}</p>
      )}
    </section>
  );
}

/** What the invoice comes to, what credit notes and payments took off it, and what is left. */
function Owed({ detail }: { detail: InvoiceDetail }) {
  const { document } = detail;
  const figures: [string, string][] = [
    [m.invoice_pdf_total(), money(document.grossMinor)],
    [m.invoice_detail_credited(), money(document.creditedMinor)],
    [m.invoice_detail_paid(), money(document.paidMinor)],
    [m.invoice_detail_owed(), money(Math.max(document.dueMinor, 0))],
  ];
  return (
    <section aria-labelledby="invoice-owed" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invoice-owed" className="text-lg font-semibold text-navy-900">
        {m.invoice_detail_owed_heading()}
      </h2>
      <dl className="mt-2 grid gap-4 text-sm sm:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CreditNotes({ area, detail }: { area: Area; detail: InvoiceDetail }) {
  return (
    <section aria-labelledby="invoice-credit-notes" className="space-y-3">
      <h2 id="invoice-credit-notes" className="text-lg font-semibold text-navy-900">
        {m.invoice_detail_credit_notes_heading()}
      </h2>
      <ListTable
        caption={m.invoice_detail_credit_notes_caption({ number: detail.document.number })}
        rows={detail.creditNotes}
        rowKey={(note) => note.id}
        empty={detail.creditNotes.length === 0 ? m.invoice_detail_credit_notes_none() : null}
        columns={[
          {
            label: m.invoices_col_number(),
            nowrap: true,
            cell: (note) => (
              <Link to={invoiceDetailPath(area, note.id)} className="font-mono text-water-700 underline">
                {note.number}
              </Link>
            ),
          },
          { label: m.invoices_col_issue_date(), nowrap: true, cell: (note) => day(note.issueDate) },
          { label: m.invoices_col_gross(), nowrap: true, cell: (note) => money(note.grossMinor) },
          { label: m.invoice_detail_col_reason(), cell: (note) => note.reason },
          { label: m.invoices_col_files(), cell: (note) => <DocumentFileLinks document={note} /> },
        ]}
      />
    </section>
  );
}

function Payments({ detail }: { detail: InvoiceDetail }) {
  return (
    <section aria-labelledby="invoice-payments" className="space-y-3">
      <h2 id="invoice-payments" className="text-lg font-semibold text-navy-900">
        {m.invoice_detail_payments_heading()}
      </h2>
      <ListTable
        caption={m.invoice_detail_payments_caption({ number: detail.document.number })}
        rows={detail.payments}
        rowKey={(payment) => payment.id}
        empty={detail.payments.length === 0 ? m.invoice_detail_payments_none() : null}
        columns={[
          { label: m.invoices_col_date(), nowrap: true, cell: (payment) => day(payment.paidOn) },
          {
            label: m.invoice_detail_col_amount(),
            nowrap: true,
            cell: (payment) => money(payment.amountMinor),
          },
          {
            label: m.invoice_detail_col_source(),
            cell: (payment) =>
              payment.source === "bank_statement"
                ? m.invoice_detail_source_bank({ text: payment.bankText ?? "" })
                : m.invoice_detail_source_manual(),
          },
        ]}
      />
    </section>
  );
}

/** A payment received, by hand: the date (today unless changed) and the amount (all that is owed). */
function PaymentForm({ due, today, lastResult }: { due: number; today: string; lastResult?: FormReply }) {
  const [form, fields] = useAppForm<FormValues<typeof paymentSchema>>("invoice-payment", {
    lastResult,
    defaultValue: { paidOn: today, amount: kronerInput(due) },
    validate: validatePayment,
  });
  return (
    <IntentForm
      form={form}
      intent="pay"
      className="space-y-4 rounded-lg border border-slate-200 p-5"
      heading={<h2 className="text-lg font-semibold text-navy-900">{m.invoice_detail_pay_heading()}</h2>}
    >
      <p className="text-sm text-slate-600">{m.invoice_detail_pay_intro({ due: money(due) })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.paidOn}
          label={m.invoice_detail_paid_on()}
          type="date"
          max={today}
          required
        />
        <TextField
          field={fields.amount}
          label={m.invoice_detail_amount_incl()}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      </div>
      <SubmitButton pending={{ intent: "pay" }} pendingLabel={m.invoice_detail_saving()}>
        {m.invoice_detail_pay_submit()}
      </SubmitButton>
    </IntentForm>
  );
}

/** A partial credit note: an amount net of moms, at most what is left, and the buyer's reason. */
function CreditForm({ detail, lastResult }: { detail: InvoiceDetail; lastResult?: FormReply }) {
  const [form, fields] = useAppForm<FormValues<typeof creditNoteSchema>>("invoice-credit", {
    lastResult,
    validate: validateCredit,
  });
  const leftNet = detail.document.netMinor - detail.creditNotes.reduce((sum, note) => sum + note.netMinor, 0);
  return (
    <IntentForm
      form={form}
      intent="credit"
      className="space-y-4 rounded-lg border border-slate-200 p-5"
      heading={<h2 className="text-lg font-semibold text-navy-900">{m.invoice_detail_credit_heading()}</h2>}
    >
      <p className="text-sm text-slate-600">{m.invoice_detail_credit_intro({ left: money(leftNet) })}</p>
      <TextField
        field={fields.amount}
        label={m.invoice_detail_credit_amount()}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <TextAreaField field={fields.reason} label={m.invoice_detail_credit_reason()} rows={3} required />
      <SubmitButton pending={{ intent: "credit" }} variant="outline" pendingLabel={m.invoice_detail_saving()}>
        {m.invoice_detail_credit_submit()}
      </SubmitButton>
    </IntentForm>
  );
}
