import { Link } from "react-router";
import type { SiteContact } from "~/lib/contact-links";
import { ContactBlock } from "./contact-block";
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
          <p className="mt-2 text-sm">
            Corporate rowing, team building and strategic networking throughout Denmark.
          </p>
          {settings && (
            <SocialIconLinks
              links={settings}
              name="Rethink Corporate Life"
              className="mt-4 flex gap-3 text-white"
            />
          )}
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {mainNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact" className="hover:text-white hover:underline">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        {settings && (
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <div className="mt-3">
              <ContactBlock contact={settings} tone="dark" />
            </div>
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {year} Rethink Corporate Life. All rights reserved.</p>
          <ul className="flex gap-4">
            <li>
              <Link to="/terms" className="hover:text-white hover:underline">
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-white hover:underline">
                Privacy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
