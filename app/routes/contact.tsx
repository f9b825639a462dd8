import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { handleMessageForm } from "#server/http/message-form";
import { submitContactMessage } from "#server/inquiries/submit-contact-message";
import { getSiteSettings } from "#server/settings/queries";
import { FormErrors } from "~/components/forms/form-errors";
import { SenderFields } from "~/components/forms/message-form";
import { ContactBlock } from "~/components/site/contact-block";
import { Button } from "~/components/ui/button";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { contactSchema } from "~/lib/forms/contact-schema";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

/** Passes the action's Retry-After on to the browser when the rate limit is hit. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getSiteSettings(context.db) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleMessageForm(request, context, (submission) => submitContactMessage(context, submission), {
    to: "/contact",
    toast: "contact-sent",
  });
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Contact Us",
  description:
    "Questions about corporate rowing events, networking or partnering with RCL? Send us a message.",
  path: "/contact",
});

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useAppForm<FormValues<typeof contactSchema>>("contact", { lastResult: actionData });

  return (
    <main id="main" className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-slate-600">
          Planning a team day, curious about networking or thinking of becoming a partner? Write to us and we
          will answer within two working days.
        </p>
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)} className="relative mt-8 grid gap-5 sm:grid-cols-2">
          <SenderFields fields={fields} />
          <TextField field={fields.subject} label="Subject" required />
          <TextAreaField field={fields.message} label="Message" className="sm:col-span-2" required />
          <HoneypotField name={MESSAGE_HONEYPOT} />
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Sending..." : "Send message"}
            </Button>
          </div>
        </Form>
      </div>
      {settings && (
        <aside aria-labelledby="contact-details-title" className="rounded-lg bg-navy-50 p-6">
          <h2 id="contact-details-title" className="text-lg font-semibold text-navy-900">
            Rethink Corporate Life
          </h2>
          <div className="mt-4">
            <ContactBlock contact={settings} tone="light" />
          </div>
        </aside>
      )}
    </main>
  );
}
