import { getFormProps } from "@conform-to/react";
import { ArrowLeft } from "~/components/icons";
import { Form, Link, redirect, useNavigation } from "react-router";
import { submitPartnerApplication } from "#server/applications/submit-partner-application";
import { getViewer } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { partnerApplicationSchema } from "~/lib/forms/partner-application-schema";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { staticPageMeta } from "~/lib/meta";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import type { Route } from "./+types/partners.apply";

/** The form has a real "website" field, so the bots' field has another tempting name. */
const HONEYPOT = "homepage";
const SUBMITTED = "/partners/apply/submitted";

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readSubmission(request);
  // Bots fill every field; they are shown the usual confirmation and nothing is stored.
  if (String(formData.get(HONEYPOT) ?? "") !== "") return redirect(SUBMITTED, 303);
  const { [HONEYPOT]: _empty, ...input } = submission.payload;
  try {
    const viewer = await getViewer(request, context);
    await submitPartnerApplication(context, {
      actor: viewer?.actor ?? null,
      input,
      clientIp: context.clientIp,
    });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  // Redirect after POST, so a reload cannot send the application twice.
  return redirect(SUBMITTED, 303);
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Apply to Become a Partner",
  description:
    "Rowing clubs, event organisers, venues and coaches: apply to list your corporate events on RCL.",
  path: "/partners/apply",
});

const typeOptions = Object.entries(ORGANIZATION_TYPES).map(([value, label]) => ({ value, label }));

export default function PartnerApplication({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/partners/apply";
  const [form, fields] = useAppForm<FormValues<typeof partnerApplicationSchema>>("partner-application", {
    lastResult: actionData,
  });
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/partners" className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to partners
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-navy-900 sm:text-4xl">Apply to Become a Partner</h1>
      <p className="mt-3 text-slate-600">
        Tell us about your organisation. We review every application and reply within five working days. A
        basic listing is free; premium partnership works on revenue sharing.
      </p>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 space-y-8">
        <HoneypotField name={HONEYPOT} />
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Your organisation</legend>
          <TextField
            field={fields.organizationName}
            label="Organisation name"
            autoComplete="organization"
            required
          />
          <SelectField
            field={fields.organizationType}
            label="Type"
            options={typeOptions}
            placeholder="Choose a type"
            required
          />
          <TextField field={fields.location} label="Location" placeholder="City, country" required />
          <TextField
            field={fields.website}
            label="Website"
            optional
            inputMode="url"
            placeholder="yourclub.dk"
          />
          <TextAreaField
            field={fields.description}
            label="Description"
            hint="What you offer companies: programmes, facilities, capacity."
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Contact person</legend>
          <TextField field={fields.contactName} label="Contact name" autoComplete="name" required />
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
          <TextField field={fields.phone} label="Phone" type="tel" optional autoComplete="tel" />
          <TextAreaField
            field={fields.message}
            label="Message"
            hint="Why you want to partner with RCL, and anything we should know."
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending application..." : "Submit application"}
        </Button>
      </Form>
    </main>
  );
}
