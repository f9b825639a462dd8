import type { EventRow } from "#server/db/rows";
import { localizeImage, pickRows, pickText, scheduleIn } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import type { VatStatus } from "~/lib/billing/moms";
import { decimalAmount } from "~/lib/money";
import { getLocale } from "~/paraglide/runtime";

/** The event's columns the page reads, as stored (the public row, or a preview of a draft or revision). */
type EventPageSource = Pick<
  EventRow,
  | "slug"
  | "language"
  | "title"
  | "titleTranslation"
  | "description"
  | "descriptionTranslation"
  | "detailedDescriptionHtml"
  | "detailedDescriptionHtmlTranslation"
  | "type"
  | "status"
  | "location"
  | "locationTranslation"
  | "locationDetails"
  | "locationDetailsTranslation"
  | "meetingPoint"
  | "meetingPointTranslation"
  | "image"
  | "startsAt"
  | "endsAt"
  | "registrationDeadline"
  | "priceMinor"
  | "currency"
  | "maxTeams"
  | "maxTeamsPerAccount"
  | "schedule"
  | "faqs"
  | "cancellationReason"
  | "refundPolicy"
  | "paymentMethods"
>;

/**
 * What the event page shows of an event, in the page's language (ADR 034): the same shape
 * for the public page and every preview. `shownIn` names the texts shown in the other
 * language because they are not translated. `vatStatus` is the seller's, null without a
 * billing profile (`sellerVatStatus`): the price is shown with the moms its invoice carries.
 */
export function eventPageEvent(
  event: EventPageSource,
  vatStatus: VatStatus | null,
  page: Locale = getLocale(),
) {
  const main = event.language;
  const text = (value: string, translation: string) => pickText(page, main, value, translation);
  const texts = {
    title: text(event.title, event.titleTranslation),
    description: text(event.description, event.descriptionTranslation),
    detailedDescriptionHtml: text(event.detailedDescriptionHtml, event.detailedDescriptionHtmlTranslation),
    location: text(event.location, event.locationTranslation),
    locationDetails: text(event.locationDetails, event.locationDetailsTranslation),
    meetingPoint: text(event.meetingPoint, event.meetingPointTranslation),
    schedule: scheduleIn(page, event),
    faqs: pickRows(page, main, event.faqs, {
      mainOf: ({ question, answer }) => ({ question, answer }),
      translationOf: ({ questionTranslation, answerTranslation }) =>
        questionTranslation && answerTranslation
          ? { question: questionTranslation, answer: answerTranslation }
          : null,
    }),
  };
  const price = priceWithMoms(event.priceMinor, event.currency, vatStatus, page);
  const shownIn: Partial<Record<keyof typeof texts, Locale>> = {};
  for (const [field, shown] of Object.entries(texts)) {
    if (shown.lang !== page) shownIn[field as keyof typeof texts] = shown.lang;
  }
  return {
    slug: event.slug,
    title: texts.title.value,
    description: texts.description.value,
    detailedDescriptionHtml: texts.detailedDescriptionHtml.value,
    type: event.type,
    status: event.status,
    location: texts.location.value,
    locationDetails: texts.locationDetails.value,
    meetingPoint: texts.meetingPoint.value,
    image: event.image ? localizeImage(event.image, main, page) : null,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    registrationDeadline: event.registrationDeadline,
    price,
    // What the buyer pays, for search engines' offers.
    priceDecimal: decimalAmount(price.grossMinor, event.currency),
    currency: event.currency,
    maxTeams: event.maxTeams,
    maxTeamsPerAccount: event.maxTeamsPerAccount,
    schedule: texts.schedule.value,
    faqs: texts.faqs.value,
    cancellationReason: event.status === "cancelled" ? event.cancellationReason : null,
    // Shown with each window's end as a date (`refundPolicyLines`), in the page's language.
    refundPolicy: event.refundPolicy,
    paymentMethods: event.paymentMethods,
    shownIn,
  };
}

export type EventPageEvent = ReturnType<typeof eventPageEvent>;
