import { ArrowLeft } from "~/components/icons/arrow-left";
import { CalendarDays } from "~/components/icons/calendar-days";
import { Mail } from "~/components/icons/mail";
import { MapPin } from "~/components/icons/map-pin";
import { href, Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { IconText } from "~/components/content/icon-text";
import { SocialIconLinks } from "~/components/site/social-icons";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { InquiryLink } from "./inquiry-link";
import { MembershipsBadge } from "./partner-badges";
import { PartnerLogo } from "./partner-logo";
import type { PartnerProfileData } from "./partner-profile";

/** The cover picture across the top of a profile, with the way back to all partners. */
export function PartnerCover({ cover }: { cover: PartnerProfileData["cover"] }) {
  return (
    <div className="relative h-40 bg-navy-900 sm:h-56 lg:h-72">
      {cover && <ResponsiveImage image={cover} priority className="size-full object-cover" />}
      <Link
        to={localizedPath(href("/partners"))}
        className="absolute top-4 left-4 inline-flex items-center gap-2 rounded-md bg-white/90 px-3 py-2 text-sm font-medium text-navy-900 shadow hover:bg-white"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.partner_page_back_to_partners()}
      </Link>
    </div>
  );
}

/** Logo, name, place, founding year and memberships, with the ways to get in touch. */
export function PartnerProfileHeader({ partner }: { partner: PartnerProfileData }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <PartnerLogo
        logo={partner.logo}
        size={112}
        loading="eager"
        className="relative -mt-14 border-4 border-white shadow-md"
      />
      <div className="min-w-0 flex-1 sm:pt-4">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{partner.name}</h1>
        <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-600">
          <IconText icon={MapPin} gap="sm">
            {partner.location}
          </IconText>
          {partner.foundedYear !== null && (
            <IconText icon={CalendarDays} gap="sm">
              {m.partner_page_founded_year({ year: partner.foundedYear })}
            </IconText>
          )}
          {partner.memberships && (
            <li>
              <MembershipsBadge memberships={partner.memberships} />
            </li>
          )}
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:pt-4">
        <Button asChild>
          <InquiryLink slug={partner.slug}>
            <Mail aria-hidden="true" /> {m.partner_page_contact()}
          </InquiryLink>
        </Button>
        <SocialIconLinks links={partner} name={partner.name} tone="onLight" className="flex gap-2" />
      </div>
    </header>
  );
}
