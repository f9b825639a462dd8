import { Link } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import {
  INQUIRIES_PAGE_SIZE,
  isInquiryTab,
  listManagedInquiries,
  type InquiryStatus,
} from "#server/inquiries/queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import {
  formatPreferredDate,
  INQUIRY_STATUS_LOOK,
  INQUIRY_TABS,
  InquiryStatusBadge,
  inquiryPath,
  PARTNER_INQUIRIES_PATH,
} from "~/components/inquiries/inquiry-parts";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { staticPageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/index";

const tabPath = (tab: InquiryStatus) =>
  tab === "new" ? PARTNER_INQUIRIES_PATH : `${PARTNER_INQUIRIES_PATH}?tab=${tab}`;

/** A row without a subject is named by the start of its message. */
const firstWords = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length < 60 ? flat : `${flat.slice(0, 60).replace(/\s+\S*$/, "")}…`;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tab");
  const tab: InquiryStatus = isInquiryTab(wanted) ? wanted : "new";
  const page = pageOf(url);
  const { rows, total, counts } = await listManagedInquiries(context.db, actor, { tab, page });
  return {
    tab,
    page,
    pageSize: INQUIRIES_PAGE_SIZE,
    total,
    counts,
    // Admins see every partner's inquiries; a member of several sees whose each one is.
    showPartner: seesAllPartners(actor) || actor.partnerIds.length > 1,
    rows: rows.map((row) => ({
      id: row.id,
      partnerName: row.partnerName,
      name: row.name,
      company: row.company,
      title: row.subject || firstWords(row.excerpt),
      preferredDate: row.preferredDate,
      groupSize: row.groupSize,
      status: row.status,
      createdAt: row.createdAt,
    })),
  };
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Inquiries",
  path: PARTNER_INQUIRIES_PATH,
  noindex: true,
});

export default function PartnerInquiries({ loaderData }: Route.ComponentProps) {
  const { tab, page, pageSize, total, counts, showPartner, rows } = loaderData;
  const current = INQUIRY_STATUS_LOOK[tab];
  return (
    <AdminPage
      title="Inquiries"
      intro="Messages visitors sent through 'Contact' and 'Inquire About Events' on your partner page. Answer them here by email."
    >
      <nav aria-label="Filter inquiries by status">
        <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {INQUIRY_TABS.map((entry) => {
            const selected = entry === tab;
            return (
              <li key={entry}>
                <Link
                  to={tabPath(entry)}
                  aria-current={selected ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex items-center gap-1.5 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
                    selected
                      ? "border-water-600 text-navy-900"
                      : "border-transparent text-slate-600 hover:text-navy-900",
                  )}
                >
                  {INQUIRY_STATUS_LOOK[entry].label}
                  <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">
                    <span className="sr-only">(</span>
                    {counts[entry]}
                    <span className="sr-only">)</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <AdminTable
        caption={`Inquiries: ${current.label}, newest first`}
        columns={[
          "From",
          ...(showPartner ? ["Partner"] : []),
          "Subject",
          "Preferred date",
          "Group size",
          "Received",
          "Status",
        ]}
        empty={
          total === 0 ? current.empty : rows.length === 0 ? "There are no inquiries on this page." : null
        }
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={cellClass}>
              <span className="font-medium text-slate-900">{row.name}</span>
              {row.company && <span className="block text-slate-600">{row.company}</span>}
            </td>
            {showPartner && <td className={cellClass}>{row.partnerName}</td>}
            <td className={cellClass}>
              <Link
                to={inquiryPath(row.id)}
                className="font-medium break-words text-water-700 underline hover:text-navy-900"
              >
                {row.title}
              </Link>
            </td>
            <td className={cn(cellClass, "whitespace-nowrap")}>
              {row.preferredDate ? formatPreferredDate(row.preferredDate) : "—"}
            </td>
            <td className={cellClass}>{row.groupSize ?? "—"}</td>
            <td className={cn(cellClass, "whitespace-nowrap")}>
              <time dateTime={row.createdAt.toISOString()}>
                {formatDate(row.createdAt)}, {formatTime(row.createdAt)}
              </time>
            </td>
            <td className={cellClass}>
              <InquiryStatusBadge status={row.status} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Inquiries pages" />
    </AdminPage>
  );
}
