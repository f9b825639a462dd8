import type { ReactNode } from "react";
import type { ImageRef } from "#server/db/schema";
import type { FieldChange, ReviewedField } from "#server/events/event-values";
import { formatDate, formatTime } from "~/lib/dates";
import { EVENT_TYPES, type EventType } from "~/lib/event-types";
import { formatMoney } from "~/lib/money";

/** The editor's name of each field the review covers, as the partner saw it. */
const FIELD_LABELS: Record<ReviewedField, string> = {
  title: "Title",
  type: "Event type",
  isNetworking: "Networking event",
  startsAt: "Starts",
  endsAt: "Ends",
  registrationDeadline: "Registration deadline",
  location: "Location",
  locationDetails: "Location details",
  priceMinor: "Price per team",
  currency: "Currency",
  maxTeams: "Maximum teams",
  teamSize: "Team size",
  description: "Short description",
  detailedDescriptionHtml: "Detailed description",
  image: "Cover image",
  cancellationTerms: "Cancellation terms",
};

const none = <span className="text-slate-600">(none)</span>;

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
function instant(value: unknown): ReactNode {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date)}, ${formatTime(date)}`;
}

function text(value: unknown): ReactNode {
  if (typeof value !== "string" || value.trim() === "") return none;
  return <span className="break-words whitespace-pre-line">{value}</span>;
}

/** One side of a change, worded for people: the value as stored in a revision. */
function FieldValue({ field, value, currency }: { field: ReviewedField; value: unknown; currency: string }) {
  switch (field) {
    case "type":
      return <>{EVENT_TYPES[value as EventType] ?? String(value)}</>;
    case "isNetworking":
      return <>{value ? "Yes" : "No"}</>;
    case "startsAt":
    case "endsAt":
    case "registrationDeadline":
      return <>{instant(value)}</>;
    case "priceMinor":
      return <>{typeof value === "number" ? formatMoney(value, currency) : String(value)}</>;
    case "maxTeams":
    case "teamSize":
      return <>{String(value)}</>;
    case "detailedDescriptionHtml":
      return <>{text(typeof value === "string" ? htmlToText(value) : "")}</>;
    case "cancellationTerms":
      return typeof value === "string" && value.trim() !== "" ? (
        <>{text(value)}</>
      ) : (
        <span className="text-slate-600">Site&apos;s standard terms</span>
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
            {value.alt ? `Alt text: ${value.alt}` : "No alt text"}
          </figcaption>
        </figure>
      ) : (
        <span className="text-slate-600">No image</span>
      );
    default:
      return <>{text(value)}</>;
  }
}

/**
 * "What changed": the reviewed fields a partner's change to a published event alters,
 * field by field, with the published value beside the proposed one.
 */
export function EventChanges({
  changes,
  currency,
  caption = "What changed, field by field",
}: {
  changes: FieldChange[];
  /** The currency of each side, so a price reads in the currency it was set in. */
  currency: { before: string; after: string };
  caption?: string;
}) {
  if (changes.length === 0) {
    return (
      <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-600">
        The proposed change leaves every reviewed field as it is published.
      </p>
    );
  }
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="w-48 px-4 py-3 font-semibold text-slate-700">
              Field
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
              Published
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
              Proposed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {changes.map(({ field, before, after }) => {
            const formattingOnly =
              field === "detailedDescriptionHtml" &&
              typeof before === "string" &&
              typeof after === "string" &&
              htmlToText(before) === htmlToText(after);
            return (
              <tr key={field}>
                <th scope="row" className="px-4 py-3 align-top font-medium text-slate-900">
                  {FIELD_LABELS[field]}
                  {formattingOnly && (
                    <span className="mt-1 block text-xs font-normal text-slate-600">
                      Only the formatting changed.
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
        </tbody>
      </table>
    </div>
  );
}
