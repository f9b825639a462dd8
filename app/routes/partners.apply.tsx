import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { submitPartnerApplication } from "#server/applications/submit-partner-application";
import { getViewer } from "#server/auth/viewer";
import { asFormRefusal, retryAfterHeaders } from "#server/http/respond";
import { Button } from "~/components/ui/button";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { formValues } from "~/lib/forms/parse";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/partners.apply";
import { readFormData } from "~/lib/forms/read-form.server";

/** The form has a real "website" field, so the bots' field has another tempting name. */
const HONEYPOT = "homepage";
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  // Bots fill every field; they are shown the usual confirmation and nothing is stored.
  if (String(formData.get(HONEYPOT) ?? "") !== "") return redirect("/partners/apply/submitted", 303);
  const input = formValues(formData, [HONEYPOT]);
  try {
    const viewer = await getViewer(request, context);
    await submitPartnerApplication(context, {
      actor: viewer?.actor ?? null,
      input,
      clientIp: context.clientIp,
    });
  } catch (error) {
    const refusal = asFormRefusal(error);
    return data(
      refusal.code === "invalid"
        ? { errors: refusal.fields, values: input, formError: null }
        : { errors: {}, values: input, formError: refusal.message },
      { status: refusal.status, headers: retryAfterHeaders(refusal) },
    );
  }
  // Redirect after POST, so a reload cannot send the application twice.
  return redirect("/partners/apply/submitted", 303);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Apply to Become a Partner",
    description:
      "Rowing clubs, event organisers, venues and coaches: apply to list your corporate events on RCL.",
    path: "/partners/apply",
  });

const typeOptions = Object.entries(ORGANIZATION_TYPES).map(([value, label]) => ({ value, label }));

export default function PartnerApplication({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/partners/apply";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
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
      {actionData && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-red-800">
          {actionData.formError ?? "Please correct the fields marked below."}
        </p>
      )}
      <Form method="post" noValidate className="relative mt-8 space-y-8">
        <HoneypotField name={HONEYPOT} />
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Your organisation</legend>
          <TextField
            label="Organisation name"
            name="organizationName"
            autoComplete="organization"
            defaultValue={values.organizationName}
            error={errors.organizationName}
            required
          />
          <SelectField
            label="Type"
            name="organizationType"
            options={typeOptions}
            placeholder="Choose a type"
            defaultValue={values.organizationType ?? ""}
            error={errors.organizationType}
            required
          />
          <TextField
            label="Location"
            name="location"
            placeholder="City, country"
            defaultValue={values.location}
            error={errors.location}
            required
          />
          <TextField
            label="Website"
            name="website"
            optional
            inputMode="url"
            placeholder="yourclub.dk"
            defaultValue={values.website}
            error={errors.website}
          />
          <TextAreaField
            label="Description"
            name="description"
            hint="What you offer companies: programmes, facilities, capacity."
            defaultValue={values.description}
            error={errors.description}
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Contact person</legend>
          <TextField
            label="Contact name"
            name="contactName"
            autoComplete="name"
            defaultValue={values.contactName}
            error={errors.contactName}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
            required
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            optional
            autoComplete="tel"
            defaultValue={values.phone}
            error={errors.phone}
          />
          <TextAreaField
            label="Message"
            name="message"
            hint="Why you want to partner with RCL, and anything we should know."
            defaultValue={values.message}
            error={errors.message}
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
