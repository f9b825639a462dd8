import { ExternalLink } from "~/components/icons/external-link";
import { Link } from "react-router";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";

type PartnerStatus = "pending" | "approved" | "suspended";

const NOT_PUBLIC: Record<Exclude<PartnerStatus, "approved">, () => string> = {
  pending: m.partner_page_not_public_pending,
  suspended: m.partner_page_not_public_suspended,
};

/** The link to the public page, with a word on whether visitors can see it. */
export function PublicPageNotice({ slug, status }: { slug: string; status: PartnerStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Link
        to={publicPartnerPath(slug)}
        className="inline-flex items-center gap-1.5 font-medium text-water-600 hover:underline"
      >
        {m.partner_page_view_public()} <ExternalLink className="size-4" aria-hidden="true" />
      </Link>
      {status !== "approved" && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{NOT_PUBLIC[status]()}</p>
      )}
    </div>
  );
}
