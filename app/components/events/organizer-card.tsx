import { Link } from "react-router";
import type { ImageRef } from "#server/db/schema";
import { PartnerLogo } from "~/components/partners/partner-logo";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";

/** Who runs the event, linking to their profile. */
export function OrganizerCard({
  organizer,
}: {
  organizer: { slug: string; name: string; location: string; logo: ImageRef | null };
}) {
  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-6">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{m.event_organizer()}</h2>
      <Link to={publicPartnerPath(organizer.slug)} className="mt-3 flex items-center gap-3 hover:underline">
        <PartnerLogo logo={organizer.logo} size={48} decorative />
        <span>
          <span className="block font-medium text-navy-900">{organizer.name}</span>
          <span className="block text-sm text-slate-600">{organizer.location}</span>
        </span>
      </Link>
    </div>
  );
}
