import { Link } from "react-router";
import type { SiteContact } from "~/lib/contact-links";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { ContactBlock } from "./contact-block";
import { LanguageSwitch } from "./language-switch";
import { mainNavLinks } from "./nav-links";
import { SocialIconLinks } from "./social-icons";

export type FooterSettings = SiteContact & {
  facebookUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
};

export function Footer({ settings, year }: { settings: FooterSettings | null; year: number }) {
  return (
    <footer className="bg-navy-900 text-navy-100 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">Rethink Corporate Life</p>
          <p className="mt-2 text-sm">{m.footer_tagline()}</p>
          {settings && (
            <SocialIconLinks
              links={settings}
              name="Rethink Corporate Life"
              className="mt-4 flex gap-3 text-white"
            />
          )}
        </div>
        <nav aria-label={m.footer_quick_links()}>
          <h2 className="font-semibold text-white">{m.footer_quick_links()}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {mainNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={localizedPath(link.to)} className="hover:text-white hover:underline">
                  {link.label()}
                </Link>
              </li>
            ))}
            <li>
              <Link to={localizedPath("/contact")} className="hover:text-white hover:underline">
                {m.nav_contact()}
              </Link>
            </li>
          </ul>
        </nav>
        {settings && (
          <div>
            <h2 className="font-semibold text-white">{m.footer_contact_heading()}</h2>
            <div className="mt-3">
              <ContactBlock contact={settings} tone="dark" />
            </div>
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{m.footer_rights({ year })}</p>
          <ul className="flex flex-wrap items-center gap-4">
            <li>
              <Link to={localizedPath("/terms")} className="hover:text-white hover:underline">
                {m.footer_terms()}
              </Link>
            </li>
            <li>
              <Link to={localizedPath("/privacy")} className="hover:text-white hover:underline">
                {m.footer_privacy()}
              </Link>
            </li>
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
