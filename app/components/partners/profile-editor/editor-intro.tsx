import { ExternalLink } from "lucide-react";
import { href, Link } from "react-router";
import { cn } from "~/lib/utils";
import { partnerProfilePath } from "./paths";

type PartnerStatus = "pending" | "approved" | "suspended";

const NOT_PUBLIC: Record<Exclude<PartnerStatus, "approved">, string> = {
  pending:
    "Your partner account is waiting for approval, so your public page is not visible to visitors yet.",
  suspended: "Your partner account is suspended, so your public page is not visible to visitors.",
};

/** The link to the public page, with a word on whether visitors can see it. */
export function PublicPageNotice({ slug, status }: { slug: string; status: PartnerStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Link
        to={href("/partners/:slug", { slug })}
        className="inline-flex items-center gap-1.5 font-medium text-water-600 hover:underline"
      >
        View public page <ExternalLink className="size-4" aria-hidden="true" />
      </Link>
      {status !== "approved" && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{NOT_PUBLIC[status]}</p>
      )}
    </div>
  );
}

type PartnerChoice = { id: string; name: string; location: string; status: PartnerStatus };

/**
 * The partners the viewer edits: a list to choose from (admins, who edit any partner),
 * or links between them for a member of several.
 */
export function PartnerChooser({ partners, currentId }: { partners: PartnerChoice[]; currentId?: string }) {
  if (partners.length === 0) return <p className="text-slate-600">There are no partners yet.</p>;
  return (
    <nav aria-label="Choose a partner">
      <ul
        className={cn(
          currentId ? "flex flex-wrap gap-2" : "divide-y divide-slate-200 rounded-lg border border-slate-200",
        )}
      >
        {partners.map((partner) => {
          const current = partner.id === currentId;
          return (
            <li key={partner.id} className={cn(!currentId && "px-4 py-3")}>
              <Link
                to={partnerProfilePath(partner.id)}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "font-medium text-water-600 hover:underline",
                  currentId && "rounded-md border border-slate-300 px-3 py-1.5 text-sm",
                  current && "border-navy-900 bg-navy-50 text-navy-900",
                )}
              >
                {partner.name}
              </Link>
              {!currentId && (
                <span className="ml-2 text-sm text-slate-600">
                  {partner.location}
                  {partner.status !== "approved" && ` (${partner.status})`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
