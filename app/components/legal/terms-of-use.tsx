import { href, Link } from "react-router";
import { RichText } from "~/components/ui/rich-text";
import { mailtoHref, type SiteContact } from "~/lib/contact-links";
import { localizedPath } from "~/lib/i18n/locale";
import { SITE_NAME } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { CompanyDetails } from "./company-details";
import { LegalPage, type LegalSection } from "./legal-page";

/** Change this whenever the text below changes in substance. */
const LAST_UPDATED = "2026-11-21";

/** The terms of use, with the company's identity and contact points from site settings. */
export function TermsOfUse({ company }: { company: SiteContact | null }) {
  return (
    <LegalPage
      title={m.terms_title()}
      lastUpdated={LAST_UPDATED}
      intro={<p>{m.terms_intro({ site: SITE_NAME })}</p>}
      sections={sections(company)}
    />
  );
}

function sections(company: SiteContact | null): LegalSection[] {
  const email = company?.contactEmail;
  return [
    {
      id: "who-we-are",
      title: m.terms_who_title(),
      body: (
        <>
          <p>{m.terms_who_body({ site: SITE_NAME })}</p>
          <CompanyDetails settings={company} />
        </>
      ),
    },
    {
      id: "using-the-site",
      title: m.terms_using_title(),
      body: (
        <>
          <p>{m.terms_using_p1()}</p>
          <p>{m.terms_using_p2()}</p>
        </>
      ),
    },
    {
      id: "accounts",
      title: m.terms_account_title(),
      body: (
        <ul>
          <li>{m.terms_account_age()}</li>
          <li>{m.terms_account_password()}</li>
          <li>
            <RichText
              text={m.terms_account_data()}
              tags={{ link: (text) => <Link to={localizedPath(href("/privacy"))}>{text}</Link> }}
            />
          </li>
          <li>{m.terms_account_suspend()}</li>
        </ul>
      ),
    },
    {
      id: "bookings",
      title: m.terms_bookings_title(),
      body: (
        <>
          <p>{m.terms_bookings_intro()}</p>
          <ul>
            <li>{m.terms_bookings_contract()}</li>
            <li>{m.terms_bookings_binding()}</li>
            <li>{m.terms_bookings_requirements()}</li>
          </ul>
        </>
      ),
    },
    {
      id: "prices-and-invoicing",
      title: m.terms_prices_title(),
      body: (
        <ul>
          <li>{m.terms_prices_per_team()}</li>
          <li>{m.terms_prices_invoice()}</li>
          <li>{m.terms_prices_late()}</li>
        </ul>
      ),
    },
    {
      id: "cancellations",
      title: m.terms_cancel_title(),
      body: (
        <>
          <p>{m.terms_cancel_intro()}</p>
          <ul>
            <li>{m.terms_cancel_how()}</li>
            <li>{m.terms_cancel_people()}</li>
            <li>{m.terms_cancel_weather()}</li>
          </ul>
        </>
      ),
    },
    {
      id: "partner-content",
      title: m.terms_partners_title(),
      body: (
        <>
          <p>{m.terms_partners_responsible()}</p>
          <p>
            {email ? (
              <RichText
                text={m.terms_partners_report_email({ email })}
                tags={{ mail: (text) => <a href={mailtoHref(email)}>{text}</a> }}
              />
            ) : (
              m.terms_partners_report()
            )}
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: m.terms_use_title(),
      body: (
        <>
          <p>{m.terms_use_intro()}</p>
          <ul>
            <li>{m.terms_use_bookings()}</li>
            <li>{m.terms_use_spam()}</li>
            <li>{m.terms_use_break_in()}</li>
            <li>{m.terms_use_rights()}</li>
            <li>{m.terms_use_marketing()}</li>
          </ul>
        </>
      ),
    },
    {
      id: "our-content",
      title: m.terms_content_title(),
      body: <p>{m.terms_content_body()}</p>,
    },
    {
      id: "liability",
      title: m.terms_liability_title(),
      body: (
        <>
          <p>{m.terms_liability_intro()}</p>
          <ul>
            <li>{m.terms_liability_partner()}</li>
            <li>{m.terms_liability_rcl()}</li>
            <li>{m.terms_liability_limits()}</li>
          </ul>
        </>
      ),
    },
    {
      id: "law-and-venue",
      title: m.terms_law_title(),
      body: <p>{m.terms_law_body()}</p>,
    },
    {
      id: "changes",
      title: m.terms_changes_title(),
      body: <p>{m.terms_changes_body()}</p>,
    },
    {
      id: "contact",
      title: m.terms_contact_title(),
      body: (
        <>
          <p>{m.terms_contact_intro()}</p>
          <CompanyDetails settings={company} />
          <p>
            <RichText
              text={m.terms_contact_form()}
              tags={{ link: (text) => <Link to={localizedPath(href("/contact"))}>{text}</Link> }}
            />
          </p>
        </>
      ),
    },
  ];
}
