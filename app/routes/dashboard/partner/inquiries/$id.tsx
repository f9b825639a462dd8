import { ArrowLeft } from "~/components/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
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
import { InquiryReplyForm } from "~/components/inquiries/inquiry-reply-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { mailtoHref } from "~/lib/contact-links";
import { formatDate, formatTime } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireArea(request, context, "partner");
  let found;
  try {
    found = await getManagedInquiry(context.db, viewer.actor, params.id);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
  const { inquiry, partner, repliedBy } = found;
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
    showPartner: seesAllPartners(viewer.actor) || viewer.actor.partnerIds.length > 1,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const inquiryId = params.id;
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  try {
    switch (intent) {
      case "reply":
        await replyToInquiry(context, { actor, inquiryId, input });
        return redirectWithToast(inquiryPath(inquiryId), "inquiry-replied");
      case "archive":
        await archiveInquiry(context, { actor, inquiryId });
        return redirectWithToast(PARTNER_INQUIRIES_PATH, "inquiry-archived");
      case "reopen":
        await reopenInquiry(context, { actor, inquiryId });
        return redirectWithToast(inquiryPath(inquiryId), "inquiry-reopened");
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Inquiry from ${loaderData.inquiry.name}` : "Inquiry",
    path: inquiryPath(params.id),
    noindex: true,
  });

export default function PartnerInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, partnerName, repliedBy, replyTo, showPartner } = loaderData;
  const path = inquiryPath(inquiry.id);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" && navigation.formAction?.startsWith(path)
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const replyIntent = actionData?.initialValue?.intent;
  const replyResult = replyIntent === "reply" ? (actionData as FormReply) : undefined;
  const statusRefusal =
    replyIntent === "archive" || replyIntent === "reopen"
      ? Object.values(actionData?.error ?? {})
          .flat()
          .filter(Boolean)
      : [];
  const archived = inquiry.status === "archived";

  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link to={PARTNER_INQUIRIES_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> Inquiries
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">
          {inquiry.subject || `Inquiry from ${inquiry.name}`}
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <InquiryStatusBadge status={inquiry.status} />
          <span>
            Received{" "}
            <time dateTime={inquiry.createdAt.toISOString()}>
              {formatDate(inquiry.createdAt)}, {formatTime(inquiry.createdAt)}
            </time>
          </span>
          {showPartner && <span>Partner: {partnerName}</span>}
        </div>
      </header>

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
            Sent{" "}
            <time dateTime={inquiry.repliedAt.toISOString()}>
              {formatDate(inquiry.repliedAt)}, {formatTime(inquiry.repliedAt)}
            </time>
            {repliedBy && <> by {repliedBy}</>}
          </p>
          <p className="mt-3 break-words whitespace-pre-line text-slate-800">{inquiry.reply}</p>
        </section>
      )}

      <InquiryReplyForm
        action={path}
        visitorEmail={inquiry.email}
        replyTo={replyTo}
        answered={inquiry.reply !== null}
        lastResult={replyResult}
        busy={busyIntent === "reply"}
      />

      <section aria-labelledby="inquiry-status" className="space-y-3">
        <h2 id="inquiry-status" className="text-lg font-semibold text-navy-900">
          {archived ? "Archived" : "Done with it?"}
        </h2>
        {statusRefusal.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {statusRefusal.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <p className="text-sm text-slate-600">
          {archived
            ? "This inquiry is archived. Reopen it to move it back among your open inquiries."
            : "Archive the inquiry to move it out of your open inquiries. You can reopen it at any time."}
        </p>
        <Form method="post" action={path}>
          <Button
            type="submit"
            name="intent"
            value={archived ? "reopen" : "archive"}
            variant="outline"
            disabled={busyIntent === "archive" || busyIntent === "reopen"}
          >
            {archived ? "Reopen" : "Archive"}
          </Button>
        </Form>
      </section>
    </main>
  );
}
