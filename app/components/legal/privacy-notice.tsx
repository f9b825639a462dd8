import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { RichText, type RichTags } from "~/components/ui/rich-text";
import { mailtoHref, type SiteContact } from "~/lib/contact-links";
import { localizedPath } from "~/lib/i18n/locale";
import { SITE_NAME } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { CompanyDetails } from "./company-details";
import { LegalPage, type LegalSection } from "./legal-page";
import { CookieList } from "./privacy-cookies";
import { ProcessingList } from "./privacy-processing";

/** Change this whenever the text below changes in substance. */
const LAST_UPDATED = "2026-11-27";

/** The privacy notice, naming the data controller with its details from site settings. */
export function PrivacyNotice({ company }: { company: SiteContact | null }) {
  return (
    <LegalPage
      title={m.privacy_title()}
      lastUpdated={LAST_UPDATED}
      intro={<p>{m.privacy_intro({ site: SITE_NAME })}</p>}
      sections={sections(company)}
    />
  );
}

function sections(company: SiteContact | null): LegalSection[] {
  const email = company?.contactEmail;
  // "write to us", with the address as a link when the settings have one.
  const writeToUs = email ? m.privacy_write_to_us_at({ email }) : m.privacy_write_to_us();
  const mail: RichTags = email ? { mail: (text) => <a href={mailtoHref(email)}>{text}</a> } : {};
  const rich = (text: string, tags: RichTags = {}): ReactNode => (
    <RichText text={text} tags={{ ...mail, ...tags }} />
  );

  return [
    {
      id: "controller",
      title: m.privacy_controller_title(),
      body: (
        <>
          <p>{m.privacy_controller_body({ site: SITE_NAME })}</p>
          <CompanyDetails settings={company} />
          <p>{rich(m.privacy_controller_dpo({ writeToUs }))}</p>
        </>
      ),
    },
    {
      id: "what-and-why",
      title: m.privacy_what_title(),
      body: (
        <>
          <p>{m.privacy_what_intro()}</p>
          <ProcessingList />
          <p>{m.privacy_what_health()}</p>
        </>
      ),
    },
    {
      id: "legal-bases",
      title: m.privacy_bases_title(),
      body: (
        <ul>
          <li>{rich(m.privacy_bases_contract())}</li>
          <li>{rich(m.privacy_bases_legal())}</li>
          <li>{rich(m.privacy_bases_interests())}</li>
        </ul>
      ),
    },
    {
      id: "recipients",
      title: m.privacy_recipients_title(),
      body: (
        <>
          <p>{m.privacy_recipients_intro()}</p>
          <ul>
            <li>{rich(m.privacy_recipients_partner())}</li>
            <li>{rich(m.privacy_recipients_written())}</li>
            <li>{rich(m.privacy_recipients_processors())}</li>
            <li>{rich(m.privacy_recipients_authorities())}</li>
          </ul>
          <p>{m.privacy_recipients_transfers()}</p>
        </>
      ),
    },
    {
      id: "retention",
      title: m.privacy_retention_title(),
      body: (
        <ul>
          <li>{rich(m.privacy_retention_account())}</li>
          <li>{rich(m.privacy_retention_invoices())}</li>
          <li>{rich(m.privacy_retention_messages())}</li>
          <li>{rich(m.privacy_retention_changes())}</li>
          <li>{rich(m.privacy_retention_rowers())}</li>
          <li>{rich(m.privacy_retention_sessions())}</li>
          <li>{rich(m.privacy_retention_rate_limits())}</li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: m.privacy_rights_title(),
      body: (
        <>
          <p>{m.privacy_rights_intro()}</p>
          <ul>
            <li>{rich(m.privacy_rights_access())}</li>
            <li>{rich(m.privacy_rights_rectification())}</li>
            <li>{rich(m.privacy_rights_erasure())}</li>
            <li>{rich(m.privacy_rights_restriction())}</li>
            <li>{rich(m.privacy_rights_portability())}</li>
            <li>{rich(m.privacy_rights_objection())}</li>
          </ul>
          <p>
            {rich(m.privacy_rights_self_service({ writeToUs }), {
              link: (text) => <Link to={href("/dashboard/profile")}>{text}</Link>,
            })}
          </p>
        </>
      ),
    },
    {
      id: "automated-decisions",
      title: m.privacy_automated_title(),
      body: <p>{m.privacy_automated_body()}</p>,
    },
    {
      id: "cookies",
      title: m.privacy_cookies_title(),
      body: (
        <>
          <p>{m.privacy_cookies_intro()}</p>
          <CookieList />
          <p>{m.privacy_cookies_no_tracking()}</p>
        </>
      ),
    },
    {
      id: "complaints",
      title: m.privacy_complaints_title(),
      body: (
        <>
          <p>{m.privacy_complaints_body()}</p>
          <address className="rounded-lg border border-slate-200 p-5 not-italic">
            <strong>Datatilsynet</strong>
            <br />
            Carl Jacobsens Vej 35
            <br />
            2500 Valby
            <br />
            <a href="https://www.datatilsynet.dk" rel="noopener noreferrer">
              www.datatilsynet.dk
            </a>
            <br />
            <a href="mailto:dt@datatilsynet.dk">dt@datatilsynet.dk</a>
          </address>
        </>
      ),
    },
    {
      id: "changes",
      title: m.privacy_changes_title(),
      body: (
        <p>
          {rich(m.privacy_changes_body(), {
            link: (text) => <Link to={localizedPath(href("/terms"))}>{text}</Link>,
          })}
        </p>
      ),
    },
  ];
}
