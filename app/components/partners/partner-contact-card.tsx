import { Globe } from "~/components/icons/globe";
import { Mail } from "~/components/icons/mail";
import { MapPin } from "~/components/icons/map-pin";
import { Phone } from "~/components/icons/phone";
import type { IconComponent } from "~/components/icons/create-icon";
import { IconText } from "~/components/content/icon-text";
import { Button } from "~/components/ui/button";
import { mailtoHref, telHref, websiteHref } from "~/lib/contact-links";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";
import { InquiryLink } from "./inquiry-link";
import type { PartnerProfileData } from "./partner-profile";

const ICON = "text-water-600";

/** The profile's side card: how to reach the partner, a few figures, and the inquiry button. */
export function PartnerContactCard({ partner }: { partner: PartnerProfileData }) {
  return (
    <aside aria-labelledby="contact-title" className="lg:sticky lg:top-6 lg:self-start">
      <div className="rounded-lg border border-slate-200 p-6 shadow-sm">
        <h2 id="contact-title" className="text-lg font-semibold text-navy-900">
          {m.partner_page_contact_information()}
        </h2>
        <address className="mt-4 not-italic">
          <ul className="space-y-3 text-sm text-slate-700">
            {partner.address && (
              <IconText icon={MapPin} align="start" iconClassName={cn("mt-0.5", ICON)}>
                {partner.address}
              </IconText>
            )}
            {partner.email && (
              <ContactRow icon={Mail} href={mailtoHref(partner.email)} wrapAnywhere>
                {partner.email}
              </ContactRow>
            )}
            {partner.phone && (
              <ContactRow icon={Phone} href={telHref(partner.phone)}>
                {partner.phone}
              </ContactRow>
            )}
            {partner.website && (
              <ContactRow icon={Globe} href={websiteHref(partner.website)} wrapAnywhere>
                {partner.website}
              </ContactRow>
            )}
          </ul>
        </address>

        <h2 className="mt-6 border-t border-slate-200 pt-6 text-lg font-semibold text-navy-900">
          {m.partner_page_quick_stats()}
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          <Stat label={m.partner_page_events_hosted()}>{partner.eventsHosted}</Stat>
          {partner.foundedYear !== null && (
            <Stat label={m.partner_page_founded()}>{partner.foundedYear}</Stat>
          )}
          {partner.memberships && (
            <Stat label={m.partner_page_memberships()} className="text-right">
              {partner.memberships}
            </Stat>
          )}
        </dl>

        <Button asChild size="lg" className="mt-6 w-full">
          <InquiryLink slug={partner.slug}>{m.partner_page_inquire()}</InquiryLink>
        </Button>
      </div>
    </aside>
  );
}

function Stat({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: number | string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn(className, "font-semibold text-navy-900")}>{children}</dd>
    </div>
  );
}

function ContactRow({
  icon,
  href,
  wrapAnywhere = false,
  children,
}: {
  icon: IconComponent;
  href: string;
  /** Long addresses and hosts have no spaces to wrap at. */
  wrapAnywhere?: boolean;
  children: string;
}) {
  return (
    <IconText icon={icon} iconClassName={ICON}>
      <a href={href} className={cn(wrapAnywhere && "break-all", "text-water-600 hover:underline")}>
        {children}
      </a>
    </IconText>
  );
}
