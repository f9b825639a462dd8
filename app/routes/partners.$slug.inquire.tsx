import { data, href, Link } from "react-router";
import { handleMessageForm } from "#server/http/message-form";
import { submitPartnerInquiry } from "#server/inquiries/submit-partner-inquiry";
import { getApprovedPartnerBySlug } from "#server/partners/queries";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { PartnerErrorPage } from "~/components/partners/partner-error";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/partners.$slug.inquire";

async function findPartner(slug: string, context: Route.LoaderArgs["context"]) {
  const partner = await getApprovedPartnerBySlug(context.db, slug);
  if (!partner) throw data(null, { status: 404 });
  return partner;
}

/** The form and its code load as the page hydrates, not with it (ADR 027). */
const inquiryForm = deferredComponent(() =>
  import("~/components/partners/partner-inquiry-form").then((module) => module.PartnerInquiryForm),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const [partner] = await Promise.all([findPartner(params.slug, context), inquiryForm.ready()]);
  return { partner: { slug: partner.slug, name: partner.name } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleMessageForm(
    request,
    context,
    (submission) => submitPartnerInquiry(context, { ...submission, partnerSlug: params.slug }),
    { to: localizedPath(href("/partners/:slug/inquire", { slug: params.slug })), toast: "inquiry-sent" },
  );
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(baseUrlFromMatches(matches), {
        title: m.inquiry_meta_title({ name: loaderData.partner.name }),
        description: m.inquiry_meta_description({ name: loaderData.partner.name }),
        path: `/partners/${loaderData.partner.slug}/inquire`,
      })
    : [{ title: pageTitle(m.partner_page_not_found_title()) }];

export default function PartnerInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData;

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link
        to={publicPartnerPath(partner.slug)}
        className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.inquiry_back_to({ name: partner.name })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{m.inquiry_title({ name: partner.name })}</h1>
      <p className="mt-3 text-slate-600">{m.inquiry_intro()}</p>
      <inquiryForm.Component reply={actionData} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PartnerErrorPage error={error} />;
}
