import { ArrowRight } from "~/components/icons/arrow-right";
import { MapPin } from "~/components/icons/map-pin";
import { Link } from "react-router";
import type { ImageRef } from "#server/db/schema";
import { Button } from "~/components/ui/button";
import { EventsHostedBadge, MembershipsBadge } from "./partner-badges";
import { publicPartnerPath } from "~/lib/public-paths";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { PartnerLogo } from "./partner-logo";

export type PartnerCardData = {
  slug: string;
  name: string;
  location: string;
  description: string;
  memberships: string;
  logo: ImageRef | null;
  eventsHosted: number;
  /** Texts shown in the other language, untranslated (ADR 034). */
  shownIn?: { description?: Locale };
};

/** The spec's featured-partner card; rendered inside a list item by the caller. */
export function PartnerCard({ partner }: { partner: PartnerCardData }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <PartnerLogo logo={partner.logo} size={64} className="border border-slate-200" />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-navy-900">{partner.name}</h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {partner.location}
          </p>
        </div>
      </div>
      <OnlyIn lang={partner.shownIn?.description} className="mt-4" />
      <p lang={partner.shownIn?.description} className="mt-4 line-clamp-2 text-slate-700">
        {partner.description}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <EventsHostedBadge count={partner.eventsHosted} />
        <MembershipsBadge memberships={partner.memberships} />
      </div>
      <div className="mt-auto pt-6">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={publicPartnerPath(partner.slug)}>
            {m.partners_view_profile()}
            <span className="sr-only"> {m.partners_view_profile_of({ name: partner.name })}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
