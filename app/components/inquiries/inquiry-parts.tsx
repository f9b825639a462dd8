import { href } from "react-router";
import type { InquiryStatus } from "#server/inquiries/queries";
import { Badge } from "~/components/ui/badge";
import { copenhagenTime, formatDate } from "~/lib/dates";
import { m } from "~/paraglide/messages";

export const PARTNER_INQUIRIES_PATH = href("/dashboard/partner/inquiries");

export const inquiryPath = (id: string) => href("/dashboard/partner/inquiries/:id", { id });

/**
 * Each status as the tabs and badges name it, with what an empty tab says; the words are
 * read when used, in the page's language (ADR 032).
 */
export const INQUIRY_STATUS_LOOK: Record<
  InquiryStatus,
  { readonly label: string; readonly empty: string; variant: "default" | "teal" | "neutral" }
> = {
  new: {
    get label() {
      return m.inquiry_status_new();
    },
    get empty() {
      return m.inquiry_status_new_empty();
    },
    variant: "default",
  },
  answered: {
    get label() {
      return m.inquiry_status_answered();
    },
    get empty() {
      return m.inquiry_status_answered_empty();
    },
    variant: "teal",
  },
  archived: {
    get label() {
      return m.inquiry_status_archived();
    },
    get empty() {
      return m.inquiry_status_archived_empty();
    },
    variant: "neutral",
  },
};

/** The list's tabs, in the order they are shown; "new" is the first and the default. */
export const INQUIRY_TABS = Object.keys(INQUIRY_STATUS_LOOK) as InquiryStatus[];

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return <Badge variant={INQUIRY_STATUS_LOOK[status].variant}>{INQUIRY_STATUS_LOOK[status].label}</Badge>;
}

/**
 * The visitor's preferred day ("2027-09-14", as the date field sends it) in words, or the
 * stored text itself if it is not such a day.
 */
export function formatPreferredDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  // Noon falls on the same calendar day whatever the season.
  return formatDate(copenhagenTime(Number(match[1]), Number(match[2]), Number(match[3]), 12));
}
