import { mailtoHref, telHref, type SiteContact } from "~/lib/contact-links";
import { SITE_NAME } from "~/lib/meta";
import { m } from "~/paraglide/messages";

/** The registered company's identity and contact points, always read from site settings. */
export function CompanyDetails({ settings }: { settings: SiteContact | null }) {
  if (!settings) {
    // Settings are missing only before the first seed; the page must still render.
    return <p>{m.legal_company_details_missing()}</p>;
  }
  return (
    <address className="rounded-lg border border-slate-200 p-5 not-italic">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-900">{m.legal_company()}</dt>
        <dd>{SITE_NAME}</dd>
        <dt className="font-medium text-slate-900">{m.legal_cvr_number()}</dt>
        <dd>{settings.companyRegistrationNumber}</dd>
        <dt className="font-medium text-slate-900">{m.legal_address()}</dt>
        <dd>
          {m.site_address({
            addressLine: settings.addressLine,
            postalCode: settings.postalCode,
            city: settings.city,
          })}
        </dd>
        <dt className="font-medium text-slate-900">{m.legal_email()}</dt>
        <dd className="[overflow-wrap:anywhere]">
          <a href={mailtoHref(settings.contactEmail)}>{settings.contactEmail}</a>
        </dd>
        <dt className="font-medium text-slate-900">{m.legal_phone()}</dt>
        <dd>
          <a href={telHref(settings.contactPhone)}>{settings.contactPhone}</a>
        </dd>
      </dl>
    </address>
  );
}
