import { handleMessageForm } from "#server/http/message-form";
import { submitContactMessage } from "#server/inquiries/submit-contact-message";
import { getSiteSettings } from "#server/settings/queries";
import { ContactBlock } from "~/components/site/contact-block";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/contact";

/** Passes the action's Retry-After on to the browser when the rate limit is hit. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** The form and its code load as the page hydrates, not with it (ADR 027). */
const contactForm = deferredComponent(() =>
  import("~/components/contact/contact-form").then((module) => module.ContactForm),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [settings] = await Promise.all([getSiteSettings(context.db), contactForm.ready()]);
  return { settings };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleMessageForm(request, context, (submission) => submitContactMessage(context, submission), {
    to: localizedPath("/contact"),
    toast: "contact-sent",
  });
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.contact_meta_title,
  description: m.contact_meta_description,
  path: "/contact",
});

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;

  return (
    <main id="main" className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">{m.contact_title()}</h1>
        <p className="mt-3 text-slate-600">{m.contact_lead()}</p>
        <contactForm.Component reply={actionData} />
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
