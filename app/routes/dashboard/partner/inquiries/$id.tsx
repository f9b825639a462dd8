import { Form } from "react-router";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { archiveInquiry } from "#server/inquiries/archive-inquiry";
import { getManagedInquiry } from "#server/inquiries/queries";
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
  return runIntent(submission, {
    reply: redirectAfter(inquiryPath(inquiryId), "inquiry-replied", (input) =>
      replyToInquiry(context, { actor, inquiryId, input }),
    ),
    archive: redirectAfter(PARTNER_INQUIRIES_PATH, "inquiry-archived", () =>
      archiveInquiry(context, { actor, inquiryId }),
    ),
    reopen: redirectAfter(inquiryPath(inquiryId), "inquiry-reopened", () =>
      reopenInquiry(context, { actor, inquiryId }),
    ),
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Inquiry from ${loaderData.inquiry.name}` : "Inquiry",
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
      back={{ to: PARTNER_INQUIRIES_PATH, label: "Inquiries" }}
      title={inquiry.subject || `Inquiry from ${inquiry.name}`}
      facts={
        <>
          <InquiryStatusBadge status={inquiry.status} />
          <span>
            Received <DateTime value={inquiry.createdAt} />
          </span>
          {showPartner && <span>Partner: {partnerName}</span>}
        </>
      }
    >
      <section aria-labelledby="inquiry-from" className="rounded-lg border border-slate-200 p-5">
        <h2 id="inquiry-from" className="text-lg font-semibold text-navy-900">
          From {inquiry.name}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-900">Email</dt>
          <dd className="[overflow-wrap:anywhere]">
            <a href={mailtoHref(inquiry.email)} className="text-water-700 underline">
              {inquiry.email}
            </a>
          </dd>
          <dt className="font-medium text-slate-900">Company</dt>
          <dd>{inquiry.company ?? "Not given"}</dd>
          <dt className="font-medium text-slate-900">Preferred date</dt>
          <dd>{inquiry.preferredDate ? formatPreferredDate(inquiry.preferredDate) : "Not given"}</dd>
          <dt className="font-medium text-slate-900">Group size</dt>
          <dd>{inquiry.groupSize ?? "Not given"}</dd>
        </dl>
        <h3 className="mt-5 font-semibold text-navy-900">Message</h3>
        <p className="mt-1 break-words whitespace-pre-line text-slate-800">{inquiry.message}</p>
      </section>

      {inquiry.reply && inquiry.repliedAt && (
        <section
          aria-labelledby="inquiry-reply"
          className="rounded-lg border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="inquiry-reply" className="text-lg font-semibold text-navy-900">
            Your latest reply
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Sent <DateTime value={inquiry.repliedAt} />
            {repliedBy && <> by {repliedBy}</>}
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
          {archived ? "Archived" : "Done with it?"}
        </h2>
        <RefusalAlert messages={statusRefusal} />
        <p className="text-sm text-slate-600">
          {archived
            ? "This inquiry is archived. Reopen it to move it back among your open inquiries."
            : "Archive the inquiry to move it out of your open inquiries. You can reopen it at any time."}
        </p>
        <Form method="post" action={path}>
          <SubmitButton name="intent" value={archived ? "reopen" : "archive"} variant="outline">
            {archived ? "Reopen" : "Archive"}
          </SubmitButton>
        </Form>
      </section>
    </RecordPage>
  );
}
