import { Form } from "react-router";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { archiveInquiry } from "#server/inquiries/archive-inquiry";
import { getManagedInquiry, loadManagedInquiry } from "#server/inquiries/queries";
import { reopenInquiry } from "#server/inquiries/reopen-inquiry";
import { replyToInquiry } from "#server/inquiries/reply-to-inquiry";
import {
  formatPreferredDate,
  InquiryStatusBadge,
  inquiryPath,
  PARTNER_INQUIRIES_PATH,
} from "~/components/inquiries/inquiry-parts";
import {
  DateTime,
  RecordPage,
  RefusalAlert,
  refusalMessages,
  replyTo,
} from "~/components/dashboard/record-page";
import { InquiryReplyForm } from "~/components/inquiries/inquiry-reply-form";
import { SubmitButton } from "~/components/ui/submit-button";
import { mailtoHref } from "~/lib/contact-links";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireArea(request, context, "partner");
  const { inquiry, partner, repliedBy } = await orNotFound(
    getManagedInquiry(context.db, viewer.actor, params.id),
  );
  return {
    inquiry: {
      id: inquiry.id,
      name: inquiry.name,
      email: inquiry.email,
      company: inquiry.company,
      subject: inquiry.subject,
      message: inquiry.message,
      preferredDate: inquiry.preferredDate,
      groupSize: inquiry.groupSize,
      status: inquiry.status,
      reply: inquiry.reply,
      repliedAt: inquiry.repliedAt,
      createdAt: inquiry.createdAt,
    },
    partnerName: partner.name,
    repliedBy: repliedBy ? repliedBy.name || repliedBy.email : null,
    // As the reply command decides it: the partner's address, or the replying person's.
    replyTo: partner.email || viewer.email,
    showPartner: namesPartners(viewer.actor),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const inquiryId = params.id;
  const { submission } = await readSubmission(request);
  return runIntent(
    submission,
    {
      reply: redirectAfter(inquiryPath(inquiryId), "inquiry-replied", (input) =>
        replyToInquiry(context, { actor, inquiryId, input }),
      ),
      archive: redirectAfter(PARTNER_INQUIRIES_PATH, "inquiry-archived", () =>
        archiveInquiry(context, { actor, inquiryId }),
      ),
      reopen: redirectAfter(inquiryPath(inquiryId), "inquiry-reopened", () =>
        reopenInquiry(context, { actor, inquiryId }),
      ),
    },
    { record: () => loadManagedInquiry(context.db, actor, inquiryId) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.partner_inquiry_from({ name: loaderData.inquiry.name })
      : m.partner_inquiry_title_plain(),
    path: inquiryPath(params.id),
    noindex: true,
  });

export default function PartnerInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, partnerName, repliedBy, showPartner } = loaderData;
  const path = inquiryPath(inquiry.id);
  const archived = inquiry.status === "archived";
  const replyResult = replyTo(actionData, "reply");
  const statusRefusal = refusalMessages(replyTo(actionData, "archive", "reopen"));

  return (
    <RecordPage
      back={{ to: PARTNER_INQUIRIES_PATH, label: m.partner_inquiries() }}
      title={inquiry.subject || m.partner_inquiry_from({ name: inquiry.name })}
      facts={
        <>
          <InquiryStatusBadge status={inquiry.status} />
          <span>
            {m.partner_inquiry_received()} <DateTime value={inquiry.createdAt} />
          </span>
          {showPartner && <span>{m.partner_partner_named({ name: partnerName })}</span>}
        </>
      }
    >
      <section aria-labelledby="inquiry-from" className="rounded-lg border border-slate-200 p-5">
        <h2 id="inquiry-from" className="text-lg font-semibold text-navy-900">
          {m.partner_inquiry_sender({ name: inquiry.name })}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-900">{m.partner_inquiry_email()}</dt>
          <dd className="[overflow-wrap:anywhere]">
            <a href={mailtoHref(inquiry.email)} className="text-water-700 underline">
              {inquiry.email}
            </a>
          </dd>
          <dt className="font-medium text-slate-900">{m.partner_col_company()}</dt>
          <dd>{inquiry.company ?? m.partner_not_given()}</dd>
          <dt className="font-medium text-slate-900">{m.partner_col_preferred_date()}</dt>
          <dd>
            {inquiry.preferredDate ? formatPreferredDate(inquiry.preferredDate) : m.partner_not_given()}
          </dd>
          <dt className="font-medium text-slate-900">{m.partner_col_group_size()}</dt>
          <dd>{inquiry.groupSize ?? m.partner_not_given()}</dd>
        </dl>
        <h3 className="mt-5 font-semibold text-navy-900">{m.partner_inquiry_message()}</h3>
        <p className="mt-1 break-words whitespace-pre-line text-slate-800">{inquiry.message}</p>
      </section>

      {inquiry.reply && inquiry.repliedAt && (
        <section
          aria-labelledby="inquiry-reply"
          className="rounded-lg border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="inquiry-reply" className="text-lg font-semibold text-navy-900">
            {m.partner_inquiry_latest_reply()}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {m.partner_inquiry_sent()} <DateTime value={inquiry.repliedAt} />
            {repliedBy && <> {m.partner_inquiry_sent_by({ name: repliedBy })}</>}
          </p>
          <p className="mt-3 break-words whitespace-pre-line text-slate-800">{inquiry.reply}</p>
        </section>
      )}

      <InquiryReplyForm
        action={path}
        visitorEmail={inquiry.email}
        replyTo={loaderData.replyTo}
        answered={inquiry.reply !== null}
        lastResult={replyResult}
      />

      <section aria-labelledby="inquiry-status" className="space-y-3">
        <h2 id="inquiry-status" className="text-lg font-semibold text-navy-900">
          {archived ? m.partner_inquiry_archived() : m.partner_inquiry_done()}
        </h2>
        <RefusalAlert messages={statusRefusal} />
        <p className="text-sm text-slate-600">
          {archived ? m.partner_inquiry_archived_text() : m.partner_inquiry_archive_text()}
        </p>
        <Form method="post" action={path}>
          <SubmitButton name="intent" value={archived ? "reopen" : "archive"} variant="outline">
            {archived ? m.partner_inquiry_reopen() : m.partner_inquiry_archive()}
          </SubmitButton>
        </Form>
      </section>
    </RecordPage>
  );
}
