import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates";
import { m } from "~/paraglide/messages";

export type LegalSection = {
  /** Anchor for the table of contents; also names the section for assistive tech. */
  id: string;
  title: string;
  body: ReactNode;
};

// Legal text is written as plain JSX, so the typography lives on the wrapper instead of
// on every paragraph and list.
const proseClasses =
  "space-y-4 leading-relaxed text-slate-700 [&_a]:text-water-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-water-700 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6";

/** Noon UTC falls on the same calendar day in Copenhagen, whatever the season. */
function calendarDate(isoDate: string) {
  return new Date(`${isoDate}T12:00:00Z`);
}

/**
 * The shared frame of the terms and privacy pages: one h1, a "last updated" date, a
 * table of contents and numbered h2 sections in reading order.
 */
export function LegalPage({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  /** Calendar date of the last change to the text, as YYYY-MM-DD. */
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          {`${m.legal_last_updated()} `}
          <time dateTime={lastUpdated}>{formatDate(calendarDate(lastUpdated))}</time>
        </p>
        <div className={`mt-6 text-lg ${proseClasses}`}>{intro}</div>
      </header>

      <nav aria-labelledby="contents-title" className="mt-8 rounded-lg bg-navy-50 p-5 sm:p-6">
        <p id="contents-title" className="text-sm font-semibold tracking-wide text-navy-900 uppercase">
          {m.legal_contents()}
        </p>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm sm:columns-2 sm:gap-8">
          {sections.map((section) => (
            <li key={section.id} className="break-inside-avoid">
              <a href={`#${section.id}`} className="text-water-600 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-12 scroll-mt-24">
          <h2 id={section.id} className="text-2xl font-semibold text-navy-900">
            {`${index + 1}. ${section.title}`}
          </h2>
          <div className={`mt-4 ${proseClasses}`}>{section.body}</div>
        </section>
      ))}
    </main>
  );
}
