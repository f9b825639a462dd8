import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

type PartnerChoice = {
  id: string;
  name: string;
  location: string;
  status: "pending" | "approved" | "suspended";
};

/**
 * Which partner a page works for (the profile editor, a new event): a list to choose
 * from (admins, who act for any partner), or links between them for a member of several,
 * the current one marked. `pathFor` gives the page for each partner.
 */
export function PartnerChooser({
  partners,
  currentId,
  pathFor,
}: {
  partners: PartnerChoice[];
  currentId?: string;
  pathFor: (partnerId: string) => string;
}) {
  if (partners.length === 0) return <p className="text-slate-600">{m.partners_chooser_none()}</p>;
  return (
    <nav aria-label={m.partners_chooser_label()}>
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
                to={pathFor(partner.id)}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "font-medium text-water-600 hover:underline",
                  currentId && "inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm",
                  current && "border-navy-900 bg-navy-50 text-navy-900",
                )}
              >
                {partner.name}
              </Link>
              {!currentId && (
                <span className="ml-2 text-sm text-slate-600">
                  {partner.location}
                  {partner.status === "pending" && ` ${m.partners_chooser_pending()}`}
                  {partner.status === "suspended" && ` ${m.partners_chooser_suspended()}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
