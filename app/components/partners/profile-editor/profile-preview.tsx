import { useEffect, useRef, useState } from "react";
import { PartnerContactCard } from "~/components/partners/partner-contact-card";
import type { PartnerProfileData } from "~/components/partners/partner-profile";
import { PartnerProfileHeader } from "~/components/partners/partner-profile-header";
import { AboutPanel, TestimonialsPanel } from "~/components/partners/partner-profile-tabs";
import { Button } from "~/components/ui/button";
import { LOCALES, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/**
 * The public profile as it would look with the form's values, from the server's
 * preview (checked and sanitized, nothing saved), as visitors of either language see it
 * (first in the language the profile is written in). Marked as a preview all round, and
 * focused when it arrives so keyboard and screen-reader users find it.
 */
export function ProfilePreview({
  profiles,
  first,
}: {
  profiles: Record<Locale, PartnerProfileData>;
  first: Locale;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [shown, setShown] = useState(first);
  const partner = profiles[shown];
  useEffect(() => {
    heading.current?.focus();
  }, [profiles]);
  return (
    <section
      id="preview"
      aria-labelledby="preview-title"
      className="overflow-hidden rounded-lg border-4 border-dashed border-amber-500"
    >
      <div className="bg-amber-100 px-4 py-3 text-amber-950">
        <h2
          id="preview-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          {m.partner_page_preview_title()}
        </h2>
        <p className="text-sm">{m.partner_page_preview_body()}</p>
        <div role="group" aria-label={m.preview_languages_label()} className="mt-2 flex gap-2 text-sm">
          {LOCALES.map((locale) => (
            <Button
              key={locale}
              type="button"
              size="sm"
              variant={locale === shown ? "default" : "outline"}
              aria-pressed={locale === shown}
              lang={locale}
              onClick={() => setShown(locale)}
            >
              {locale === "da" ? m.language_name_da() : m.language_name_en()}
            </Button>
          ))}
        </div>
      </div>
      <div className="bg-white p-4 sm:p-6">
        <PartnerProfileHeader partner={partner} />
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <div className="min-w-0 space-y-8 lg:col-span-2">
            <AboutPanel partner={partner} />
            <TestimonialsPanel testimonials={partner.testimonials} lang={partner.shownIn.testimonials} />
          </div>
          <PartnerContactCard partner={partner} />
        </div>
      </div>
    </section>
  );
}
