import { href, Link } from "react-router";
import { EventTimePlace } from "~/components/events/event-time-place";
import { Button } from "~/components/ui/button";
import { RichText } from "~/components/ui/rich-text";
import { localizedPath } from "~/lib/i18n/locale";
import { publicEventPath } from "~/lib/public-paths";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

type NetworkingEvent = {
  slug: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date | string;
  endsAt: Date | string;
  /** Texts shown in the other language, untranslated (ADR 034). */
  shownIn: { title?: Locale; description?: Locale; location?: Locale };
};

/** The strategic-networking section with the next networking event, when there is one. */
export function NetworkingTeaser({ event }: { event: NetworkingEvent | null }) {
  return (
    <section aria-labelledby="networking-title" className="bg-navy-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="networking-title" className="text-3xl font-bold">
            {m.home_networking_title()}
          </h2>
          <p className="mt-4 text-navy-100">{m.home_networking_body()}</p>
          <Button asChild variant="outline-light" className="mt-6">
            <Link to={localizedPath(href("/networking"))}>{m.home_networking_explore()}</Link>
          </Button>
        </div>
        <div className="rounded-lg bg-white p-6 text-slate-900 shadow-lg">
          <h3 className="text-sm font-semibold tracking-wide text-water-600 uppercase">
            {m.home_networking_upcoming()}
          </h3>
          {event ? (
            <>
              <p lang={event.shownIn.title} className="mt-2 text-xl font-semibold text-navy-900">
                {event.title}
              </p>
              <OnlyIn lang={event.shownIn.title ?? event.shownIn.description} />
              <EventTimePlace
                startsAt={event.startsAt}
                endsAt={event.endsAt}
                location={event.location}
                locationLang={event.shownIn.location}
              />
              <p lang={event.shownIn.description} className="mt-3 text-sm text-slate-700">
                {event.description}
              </p>
              <Button asChild className="mt-5">
                <Link
                  to={publicEventPath(event.slug)}
                  aria-label={m.home_register_now_label({ title: event.title })}
                >
                  {m.home_register_now()}
                </Link>
              </Button>
            </>
          ) : (
            <p className="mt-2 text-slate-600">
              <RichText
                text={m.home_networking_none()}
                tags={{
                  link: (text) => (
                    <Link to={localizedPath(href("/networking"))} className="text-water-600 underline">
                      {text}
                    </Link>
                  ),
                }}
              />
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
