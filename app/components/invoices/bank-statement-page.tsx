import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { RefusalAlert, refusalMessages, replyTo } from "~/components/dashboard/record-page";
import { FormErrors } from "~/components/forms/form-errors";
import { FieldShell, controlProps } from "~/components/ui/form-field";
import { ListTable } from "~/components/ui/list-table";
import { Pagination } from "~/components/ui/pagination";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatCalendarDay } from "~/lib/dates";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { ImportedStatement } from "#server/payments/import-bank-statement";
import type { loadBankStatementPage } from "#server/payments/bank-statement-page";
import { invoiceDetailPath } from "./invoice-paths";

type PageData = Awaited<ReturnType<typeof loadBankStatementPage>>;
type Area = "partner" | "admin";

const money = (minor: number) => formatMoneyExact(minor, "DKK");
const day = (value: string) => <time dateTime={value}>{formatCalendarDay(value)}</time>;

/** What the upload answered when it went through. */
function uploadedOf(answer: unknown): ImportedStatement | null {
  if (typeof answer !== "object" || answer === null || !("uploaded" in answer)) return null;
  return (answer as { uploaded: ImportedStatement }).uploaded;
}

/**
 * The bank statement page of an account (a partner's, or RCL's own): the upload, what
 * it matched, the payments received that matched no invoice (each with a way to match it
 * by hand) and the latest matched payments.
 */
export function BankStatementPage({
  area,
  data,
  intro,
  path,
  chooser,
  actionData,
}: {
  area: Area;
  data: PageData;
  intro: string;
  /** Where the page's forms post: its own address, with the partner chosen. */
  path: string;
  /** The choice of partner, for members of several and admins. */
  chooser?: ReactNode;
  actionData: unknown;
}) {
  const uploaded = uploadedOf(actionData);
  return (
    <AdminPage title={m.bank_title()} intro={intro}>
      {chooser}
      <UploadForm path={path} maxMegabytes={data.maxMegabytes} lastResult={replyTo(actionData, "upload")} />
      {uploaded && <UploadResult uploaded={uploaded} />}
      <Unmatched data={data} path={path} lastResult={replyTo(actionData, "match")} />
      <Matched area={area} data={data} />
    </AdminPage>
  );
}

function UploadForm({
  path,
  maxMegabytes,
  lastResult,
}: {
  path: string;
  maxMegabytes: number;
  lastResult?: FormReply;
}) {
  const [form, fields] = useAppForm<{ file: string }>("bank-statement-upload", { lastResult });
  const hint = m.bank_file_hint({ megabytes: maxMegabytes });
  return (
    <Form
      method="post"
      action={path}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-slate-200 p-5"
    >
      <h2 className="text-lg font-semibold text-navy-900">{m.bank_upload_heading()}</h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="upload" />
      <FieldShell field={fields.file} label={m.bank_file_label()} hint={hint}>
        <input
          key={fields.file.key}
          {...controlProps(fields.file, hint)}
          defaultValue={undefined}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          required
          className="mt-1 block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 aria-[invalid=true]:text-red-700"
        />
      </FieldShell>
      <SubmitButton pending={{ intent: "upload" }} pendingLabel={m.bank_uploading()}>
        {m.bank_upload_submit()}
      </SubmitButton>
    </Form>
  );
}

function UploadResult({ uploaded }: { uploaded: ImportedStatement }) {
  return (
    <section
      role="status"
      aria-labelledby="bank-upload-result"
      className="space-y-2 rounded-lg border border-teal-300 bg-teal-50 p-4 text-sm text-slate-900"
    >
      <h2 id="bank-upload-result" className="font-semibold">
        {m.bank_result_heading()}
      </h2>
      <p>
        {uploaded.stored === 0
          ? m.bank_result_repeat({ read: uploaded.read })
          : m.bank_result({
              read: uploaded.read,
              stored: uploaded.stored,
              matched: uploaded.matched.length,
              unmatched: uploaded.unmatched,
            })}
      </p>
      {uploaded.matched.length > 0 && (
        <ul className="list-disc pl-5">
          {uploaded.matched.map((match) => (
            <li key={match.lineId}>
              {m.bank_result_match({ amount: money(match.amountMinor), number: match.invoiceNumber })}
              {match.surplusMinor > 0 && <> {m.bank_surplus({ amount: money(match.surplusMinor) })}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type UnmatchedLine = PageData["unmatched"]["rows"][number];

function Unmatched({ data, path, lastResult }: { data: PageData; path: string; lastResult?: FormReply }) {
  const { unmatched, openInvoices, page, pageSize } = data;
  const refusedLine =
    typeof lastResult?.initialValue?.lineId === "string" ? lastResult.initialValue.lineId : null;
  return (
    <section aria-labelledby="bank-unmatched" className="space-y-3">
      <h2 id="bank-unmatched" className="text-lg font-semibold text-navy-900">
        {m.bank_unmatched_heading()}
      </h2>
      <p className="text-sm text-slate-600">{m.bank_unmatched_intro()}</p>
      {refusedLine && !unmatched.rows.some((line) => line.id === refusedLine) && (
        <RefusalAlert messages={refusalMessages(lastResult)} />
      )}
      <ListTable
        caption={m.bank_unmatched_caption()}
        rows={unmatched.rows}
        rowKey={(line) => line.id}
        empty={unmatched.total === 0 ? m.bank_unmatched_none() : null}
        columns={[
          { label: m.invoices_col_date(), nowrap: true, cell: (line) => day(line.bookedOn) },
          { label: m.bank_col_text(), cell: (line) => line.text },
          { label: m.bank_col_amount(), nowrap: true, cell: (line) => money(line.amountMinor) },
          {
            label: m.bank_col_match(),
            cell: (line) => (
              <MatchForm
                key={line.id}
                line={line}
                path={path}
                openInvoices={openInvoices}
                lastResult={refusedLine === line.id ? lastResult : undefined}
              />
            ),
          },
        ]}
      />
      <Pagination page={page} pageSize={pageSize} total={unmatched.total} label={m.bank_pages()} />
    </section>
  );
}

/** One line matched by hand to one of the account's open invoices; leaving it is doing nothing. */
function MatchForm({
  line,
  path,
  openInvoices,
  lastResult,
}: {
  line: UnmatchedLine;
  path: string;
  openInvoices: PageData["openInvoices"];
  lastResult?: FormReply;
}) {
  const [form, fields] = useAppForm<{ invoiceId: string; lineId: string }>(`bank-match-${line.id}`, {
    lastResult,
  });
  if (openInvoices.length === 0) return <span className="text-slate-600">{m.bank_no_open_invoices()}</span>;
  const field = fields.invoiceId;
  const error = field.errors?.[0] ?? form.errors?.[0];
  return (
    <Form method="post" action={path} {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="match" />
      <input type="hidden" name="lineId" value={line.id} />
      <div className="min-w-0 flex-1">
        <label htmlFor={field.id} className="sr-only">
          {m.bank_match_label({ date: formatCalendarDay(line.bookedOn), amount: money(line.amountMinor) })}
        </label>
        <select
          key={field.key}
          id={field.id}
          name={field.name}
          defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? field.errorId : undefined}
          className="block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm aria-[invalid=true]:border-red-600"
        >
          <option value="">{m.bank_match_placeholder()}</option>
          {openInvoices.map((invoice) => (
            <option key={invoice.id} value={invoice.id}>
              {m.bank_match_option({
                number: invoice.number,
                buyer: invoice.buyerName,
                due: money(invoice.dueMinor),
              })}
            </option>
          ))}
        </select>
        {error && (
          <p id={field.errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <SubmitButton size="sm" variant="outline" pending={{ intent: "match" }}>
        {m.bank_match_submit()}
      </SubmitButton>
    </Form>
  );
}

function Matched({ area, data }: { area: Area; data: PageData }) {
  return (
    <section aria-labelledby="bank-matched" className="space-y-3">
      <h2 id="bank-matched" className="text-lg font-semibold text-navy-900">
        {m.bank_matched_heading()}
      </h2>
      <ListTable
        caption={m.bank_matched_caption()}
        rows={data.matched}
        rowKey={(line) => line.id}
        empty={data.matched.length === 0 ? m.bank_matched_none() : null}
        columns={[
          { label: m.invoices_col_date(), nowrap: true, cell: (line) => day(line.bookedOn) },
          { label: m.bank_col_text(), cell: (line) => line.text },
          { label: m.bank_col_amount(), nowrap: true, cell: (line) => money(line.amountMinor) },
          {
            label: m.bank_col_invoice(),
            nowrap: true,
            cell: (line) => (
              <Link
                to={invoiceDetailPath(area, line.invoiceId)}
                className="font-mono text-water-700 underline"
              >
                {line.invoiceNumber}
              </Link>
            ),
          },
          {
            label: m.bank_col_paid(),
            cell: (line) => (
              <>
                {money(line.paidMinor)}
                {line.amountMinor > line.paidMinor && (
                  <span className="block text-xs text-slate-600">
                    {m.bank_surplus({ amount: money(line.amountMinor - line.paidMinor) })}
                  </span>
                )}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
