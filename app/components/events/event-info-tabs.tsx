import { MapPin } from "~/components/icons/map-pin";
import type { Faq, ScheduleItem } from "#server/db/schema";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { LinkTabs } from "~/components/ui/link-tabs";
import { m } from "~/paraglide/messages";

const TABS = [
  { id: "details", label: m.event_tab_details },
  { id: "schedule", label: m.event_tab_schedule },
  { id: "faqs", label: m.event_tab_faqs },
];

type EventInfo = {
  detailedDescriptionHtml: string;
  locationDetails: string;
  schedule: ScheduleItem[];
  faqs: Faq[];
  /** Texts shown in the other language, untranslated (ADR 034). */
  shownIn: { detailedDescriptionHtml?: Locale; locationDetails?: Locale; schedule?: Locale; faqs?: Locale };
};

/** The event's description, schedule and questions, one tab each. */
export function EventInfoTabs({ event }: { event: EventInfo }) {
  return (
    <LinkTabs label={m.event_info_label()} tabs={TABS.map((tab) => ({ id: tab.id, label: tab.label() }))}>
      {(tab) => (
        <>
          {tab === "details" && <DetailsPanel event={event} />}
          {tab === "schedule" && <SchedulePanel schedule={event.schedule} lang={event.shownIn.schedule} />}
          {tab === "faqs" && <FaqsPanel faqs={event.faqs} lang={event.shownIn.faqs} />}
        </>
      )}
    </LinkTabs>
  );
}

function DetailsPanel({ event }: { event: EventInfo }) {
  return (
    <>
      <h2 className="sr-only">{m.event_about_heading()}</h2>
      <OnlyIn lang={event.shownIn.detailedDescriptionHtml} className="mb-3" />
      {/* Sanitized when written (server/content/sanitize.ts); only that column is rendered. */}
      <div
        lang={event.shownIn.detailedDescriptionHtml}
        className="prose-rich"
        dangerouslySetInnerHTML={{ __html: event.detailedDescriptionHtml }}
      />
      {event.locationDetails && (
        <p className="mt-6 flex items-start gap-2 text-slate-700">
          <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span lang={event.shownIn.locationDetails}>{event.locationDetails}</span>
            <OnlyIn lang={event.shownIn.locationDetails} inline />
          </span>
        </p>
      )}
    </>
  );
}

function SchedulePanel({ schedule, lang }: { schedule: ScheduleItem[]; lang: Locale | undefined }) {
  return (
    <>
      <h2 className="sr-only">{m.event_schedule_heading()}</h2>
      <OnlyIn lang={lang} className="mb-3" />
      <ol lang={lang} className="space-y-3">
        {schedule.map((item) => (
          <li
            key={`${item.time}-${item.activity}`}
            className="flex gap-4 rounded-md border border-slate-200 p-3"
          >
            <span className="w-24 shrink-0 font-medium text-navy-900">{item.time}</span>
            <span className="text-slate-700">{item.activity}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

function FaqsPanel({ faqs, lang }: { faqs: Faq[]; lang: Locale | undefined }) {
  return (
    <>
      <h2 className="sr-only">{m.event_faqs_heading()}</h2>
      <OnlyIn lang={lang} className="mb-3" />
      <dl lang={lang} className="space-y-4">
        {faqs.map((faq) => (
          <div key={faq.question} className="rounded-md border border-slate-200 p-4">
            <dt className="font-medium text-navy-900">{faq.question}</dt>
            <dd className="mt-1 text-slate-700">{faq.answer}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
