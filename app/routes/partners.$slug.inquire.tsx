import { getFormProps } from "@conform-to/react";
import { ArrowLeft } from "~/components/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { handleMessageForm } from "#server/http/message-form";
import { submitPartnerInquiry } from "#server/inquiries/submit-partner-inquiry";
import { getApprovedPartnerBySlug } from "#server/partners/queries";
import { FormErrors } from "~/components/forms/form-errors";
import { SenderFields } from "~/components/forms/message-form";
import { PartnerErrorPage } from "~/components/partners/partner-error";
import { Button } from "~/components/ui/button";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import type { partnerInquirySchema } from "~/lib/forms/partner-inquiry-schema";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import type { Route } from "./+types/partners.$slug.inquire";

async function findPartner(slug: string, context: Route.LoaderArgs["context"]) {
  const partner = await getApprovedPartnerBySlug(context.db, slug);
  if (!partner) throw data(null, { status: 404 });
  return partner;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const partner = await findPartner(params.slug, context);
  return { partner: { slug: partner.slug, name: partner.name } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleMessageForm(
    request,
    context,
    (submission) => submitPartnerInquiry(context, { ...submission, partnerSlug: params.slug }),
    { to: `/partners/${params.slug}/inquire`, toast: "inquiry-sent" },
  );
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(baseUrlFromMatches(matches), {
        title: `Contact ${loaderData.partner.name}`,
        description: `Ask ${loaderData.partner.name} about corporate rowing and team events.`,
        path: `/partners/${loaderData.partner.slug}/inquire`,
      })
    : [{ title: pageTitle("Partner Not Found") }];

export default function PartnerInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useAppForm<FormValues<typeof partnerInquirySchema>>("inquiry", {
    lastResult: actionData,
  });

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link
        to={`/partners/${partner.slug}`}
        className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to {partner.name}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-navy-900">Contact {partner.name}</h1>
      <p className="mt-3 text-slate-600">
        Ask about events, dates and prices. Your message goes straight to the partner, who replies by email.
      </p>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 grid gap-5 sm:grid-cols-2">
        <SenderFields fields={fields} companyClassName="sm:col-span-2" />
        <TextField field={fields.preferredDate} label="Preferred date" type="date" optional />
        <TextField
          field={fields.groupSize}
          label="Group size"
          type="number"
          inputMode="numeric"
          min={1}
          optional
        />
        <TextAreaField field={fields.message} label="Message" className="sm:col-span-2" required />
        <HoneypotField name={MESSAGE_HONEYPOT} />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send inquiry"}
          </Button>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PartnerErrorPage error={error} />;
}
