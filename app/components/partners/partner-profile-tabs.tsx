import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { LinkTabs } from "~/components/ui/link-tabs";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { PartnerEventsPanel } from "./partner-events-panel";
import { m } from "~/paraglide/messages";
import { ProfilePanelSection, type PartnerProfileData, type PartnerUpcomingEvent } from "./partner-profile";

const TABS = [
  { id: "about", label: m.partner_page_tab_about },
  { id: "events", label: m.partner_page_tab_events },
  { id: "gallery", label: m.partner_page_tab_gallery },
  { id: "testimonials", label: m.partner_page_tab_testimonials },
];

/** The profile's story, upcoming events, photos and testimonials, one tab each. */
export function PartnerProfileTabs({
  partner,
  events,
}: {
  partner: PartnerProfileData;
  events: PartnerUpcomingEvent[];
}) {
  return (
    <LinkTabs
      label={m.partner_page_about_name({ name: partner.name })}
      tabs={TABS.map((tab) => ({ id: tab.id, label: tab.label() }))}
    >
      {(tab) => (
        <>
          {tab === "about" && <AboutPanel partner={partner} />}
          {tab === "events" && <PartnerEventsPanel partnerName={partner.name} events={events} />}
          {tab === "gallery" && <GalleryPanel gallery={partner.gallery} />}
          {tab === "testimonials" && (
            <TestimonialsPanel testimonials={partner.testimonials} lang={partner.shownIn.testimonials} />
          )}
        </>
      )}
    </LinkTabs>
  );
}

export function AboutPanel({ partner }: { partner: PartnerProfileData }) {
  return (
    <div className="space-y-8">
      <ProfilePanelSection id="about-title" title={m.partner_page_about_name({ name: partner.name })}>
        <OnlyIn lang={partner.shownIn.description} className="mt-4" />
        <p lang={partner.shownIn.description} className="mt-4 text-lg text-slate-700">
          {partner.description}
        </p>
        {partner.fullDescriptionHtml && (
          <>
            <OnlyIn lang={partner.shownIn.fullDescriptionHtml} className="mt-4" />
            {/* Sanitized when written (server/content/sanitize.ts); only that column is rendered. */}
            <div
              lang={partner.shownIn.fullDescriptionHtml}
              className="prose-rich mt-4"
              dangerouslySetInnerHTML={{ __html: partner.fullDescriptionHtml }}
            />
          </>
        )}
      </ProfilePanelSection>
      <ListSection
        id="facilities-title"
        title={m.partner_page_facilities()}
        items={partner.facilities}
        lang={partner.shownIn.facilities}
      />
      <ListSection
        id="services-title"
        title={m.partner_page_services()}
        items={partner.services}
        lang={partner.shownIn.services}
      />
    </div>
  );
}

/** A titled bullet list, left out when it has nothing to list. */
function ListSection({
  id,
  title,
  items,
  lang,
}: {
  id: string;
  title: string;
  items: string[];
  lang: Locale | undefined;
}) {
  if (items.length === 0) return null;
  return (
    <ProfilePanelSection id={id} title={title}>
      <OnlyIn lang={lang} className="mt-4" />
      <ul lang={lang} className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </ProfilePanelSection>
  );
}

function GalleryPanel({ gallery }: { gallery: PartnerProfileData["gallery"] }) {
  return (
    <ProfilePanelSection id="gallery-title" title={m.partner_page_gallery()}>
      {gallery.length > 0 ? (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {gallery.map((image) => (
            <li key={image.src}>
              <ResponsiveImage
                image={image}
                sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">{m.partner_page_no_photos()}</p>
      )}
    </ProfilePanelSection>
  );
}

export function TestimonialsPanel({
  testimonials,
  lang,
}: {
  testimonials: PartnerProfileData["testimonials"];
  lang: Locale | undefined;
}) {
  return (
    <ProfilePanelSection id="testimonials-title" title={m.partner_page_testimonials()}>
      <OnlyIn lang={lang} className="mt-4" />
      {testimonials.length > 0 ? (
        <ul lang={lang} className="mt-4 space-y-4">
          {testimonials.map((testimonial) => (
            <li key={`${testimonial.name}-${testimonial.comment}`}>
              <figure className="rounded-lg border border-slate-200 bg-navy-50 p-6">
                <blockquote className="text-slate-800">
                  <p>“{testimonial.comment}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="block font-semibold text-navy-900">{testimonial.name}</span>
                  <span className="text-slate-600">{testimonial.position}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">{m.partner_page_no_testimonials()}</p>
      )}
    </ProfilePanelSection>
  );
}
