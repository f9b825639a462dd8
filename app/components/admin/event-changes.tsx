import type { ReactNode } from "react";
import type { EventQuestion, ImageRef } from "#server/db/schema";
import { questionSummary } from "~/lib/words/questions";
import type { FieldChange } from "#server/events/event-values";
import { ColumnHeading, ScrollTable } from "~/components/ui/scroll-table";
import { formatDate, formatTime } from "~/lib/dates";
import { fieldKind, fieldLabel, fieldWhenEmpty, type ReviewedField } from "~/lib/event-fields";
import { EVENT_TYPES, type EventType } from "~/lib/event-types";
import { formatMoney } from "~/lib/money";
import { languageName } from "~/lib/content-language";
import { isLocale, type Locale } from "~/lib/i18n/locale";
import type { RefundWindow } from "~/lib/billing/refund-policy";
import { refundPolicyLines } from "~/lib/words/refund-policy";
import { m } from "~/paraglide/messages";

const none = () => <span className="text-slate-600">{m.review_value_none()}</span>;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Sanitized rich text as plain text for the table: blocks and line breaks become new
 * lines, tags go, entities are read. The page never renders the HTML here, so a heading
 * in a description cannot break the page's outline.
 */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "\n• ")
    .replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|div)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X"))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function isImageRef(value: unknown): value is ImageRef {
  return typeof value === "object" && value !== null && typeof (value as ImageRef).src === "string";
}

/** A stored instant (ISO text in a revision) as "June 15, 2027, 9:00 AM" in Copenhagen. */
function instant(value: unknown): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date)}, ${formatTime(date)}`;
}

function text(value: unknown): ReactNode {
  if (typeof value !== "string" || value.trim() === "") return none();
  return <span className="break-words whitespace-pre-line">{value}</span>;
}

/** A cancellation policy as bookers read it, one line per window, without dates. */
function RefundLines({ policy }: { policy: RefundWindow[] }) {
  return (
    <ul className="space-y-1">
      {refundPolicyLines(policy).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** An event's questions as a reviewer reads them: each with its kind, whom it asks and its options. */
function QuestionLines({ questions }: { questions: EventQuestion[] }) {
  return (
    <ol className="list-decimal space-y-2 pl-5">
      {questions.map((question) => (
        <li key={question.id} className="break-words">
          <span className="font-medium">{question.label}</span>
          {question.labelTranslation && <span className="block">{question.labelTranslation}</span>}
          <span className="block text-xs text-slate-600">
            {questionSummary(question.scope, question.kind, question.required)}
          </span>
          {question.options.length > 0 && (
            <ul className="list-disc pl-5 text-sm">
              {question.options.map((option) => (
                <li key={option.id}>
                  {option.label}
                  {option.labelTranslation && ` · ${option.labelTranslation}`}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One side of a change, worded for people: the value as stored in a revision, shown by its field's kind. */
function FieldValue({ field, value, currency }: { field: ReviewedField; value: unknown; currency: string }) {
  const whenEmpty = fieldWhenEmpty(field);
  if (
    whenEmpty &&
    (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
  ) {
    return <span className="text-slate-600">{whenEmpty}</span>;
  }
  switch (fieldKind(field)) {
    case "eventType":
      return <>{EVENT_TYPES[value as EventType] ?? String(value)}</>;
    case "flag":
      return <>{value ? m.review_value_yes() : m.review_value_no()}</>;
    case "instant":
    case "optionalInstant":
      return <>{instant(value)}</>;
    case "money":
      return <>{typeof value === "number" ? formatMoney(value, currency) : String(value)}</>;
    case "count":
      return <>{String(value)}</>;
    case "nonSwimmers":
      return (
        <>
          {value === "not_allowed"
            ? m.review_value_non_swimmers_not_allowed()
            : value === "with_rule"
              ? m.review_value_non_swimmers_with_rule()
              : text(value)}
        </>
      );
    case "language":
      return <>{isLocale(value) ? languageName(value) : String(value)}</>;
    case "richText":
      return <>{text(typeof value === "string" ? htmlToText(value) : "")}</>;
    case "refundWindows":
      return Array.isArray(value) ? <RefundLines policy={value as RefundWindow[]} /> : <>{text(value)}</>;
    case "questions":
      return Array.isArray(value) && value.length > 0 ? (
        <QuestionLines questions={value as EventQuestion[]} />
      ) : (
        none()
      );
    case "image":
      return isImageRef(value) ? (
        <figure className="space-y-1">
          <img
            src={value.src}
            alt=""
            width={value.width}
            height={value.height}
            loading="lazy"
            className="h-20 w-32 rounded border border-slate-200 object-cover"
          />
          <figcaption className="text-xs text-slate-600">
            {value.alt ? m.review_alt_text({ alt: value.alt }) : m.review_no_alt_text()}
            {value.altTranslation && (
              <span className="block">{m.review_alt_text({ alt: value.altTranslation })}</span>
            )}
          </figcaption>
        </figure>
      ) : (
        <span className="text-slate-600">{m.review_no_image()}</span>
      );
    default:
      return <>{text(value)}</>;
  }
}

/**
 * "What changed": the reviewed fields a partner's change alters, field by field, with the
 * value before beside the value now proposed (by default, the published one beside the
 * proposal).
 */
export function EventChanges({
  changes,
  currency,
  written,
  caption = m.review_changes_caption(),
  headings = { before: m.review_heading_published(), after: m.review_heading_proposed() },
  unchanged = m.review_changes_unchanged(),
}: {
  changes: FieldChange[];
  /** The currency of each side, so a price reads in the currency it was set in. */
  currency: { before: string; after: string };
  /**
   * The language the event is written in, so each text's label says its language; null when
   * the change is to that language, and the labels say main text or translation instead.
   */
  written: Locale | null;
  caption?: string;
  /** The columns' headings: what each side is. */
  headings?: { before: string; after: string };
  /** What the page says when no reviewed field changed. */
  unchanged?: string;
}) {
  if (changes.length === 0) {
    return <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-600">{unchanged}</p>;
  }
  return (
    <ScrollTable
      caption={caption}
      headings={
        <>
          <ColumnHeading className="w-48">{m.review_field()}</ColumnHeading>
          <ColumnHeading>{headings.before}</ColumnHeading>
          <ColumnHeading>{headings.after}</ColumnHeading>
        </>
      }
    >
      {changes.map(({ field, before, after }) => {
        const formattingOnly =
          fieldKind(field) === "richText" &&
          typeof before === "string" &&
          typeof after === "string" &&
          htmlToText(before) === htmlToText(after);
        return (
          <tr key={field}>
            <th scope="row" className="px-4 py-3 align-top font-medium text-slate-900">
              {fieldLabel(field, written)}
              {formattingOnly && (
                <span className="mt-1 block text-xs font-normal text-slate-600">
                  {m.review_formatting_only()}
                </span>
              )}
            </th>
            <td className="max-w-prose px-4 py-3 align-top text-slate-700">
              <FieldValue field={field} value={before} currency={currency.before} />
            </td>
            <td className="max-w-prose bg-amber-50/40 px-4 py-3 align-top text-slate-900">
              <FieldValue field={field} value={after} currency={currency.after} />
            </td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}

/**
 * A new event back in review after the admin asked for changes: what the partner changed
 * since, against the version that was sent back.
 */
export function ChangesSinceRequest({
  requestedAt,
  changes,
  currency,
  written,
}: {
  requestedAt: Date | string;
  changes: FieldChange[];
  currency: { before: string; after: string };
  written: Locale | null;
}) {
  return (
    <section aria-labelledby="changed-since-request" className="space-y-3">
      <h2 id="changed-since-request" className="text-lg font-semibold text-navy-900">
        {m.review_since_request_heading()}
      </h2>
      <p className="text-sm text-slate-600">{m.review_since_request_intro({ date: instant(requestedAt) })}</p>
      <EventChanges
        changes={changes}
        currency={currency}
        written={written}
        caption={m.review_since_request_caption()}
        headings={{ before: m.review_heading_sent_back(), after: m.review_heading_now_in_review() }}
        unchanged={m.review_since_request_unchanged()}
      />
    </section>
  );
}
