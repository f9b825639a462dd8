import { ExternalLink } from "~/components/icons";
import { href, Link } from "react-router";

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
