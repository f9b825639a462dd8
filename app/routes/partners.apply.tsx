import { href, Link, redirect } from "react-router";
import { submitPartnerApplication } from "#server/applications/submit-partner-application";
import { getViewer } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { deferredComponent } from "~/lib/deferred-component";
import { APPLICATION_HONEYPOT } from "~/lib/forms/honeypot";
import { readSubmission } from "~/lib/forms/read-form.server";
import { localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/partners.apply";

/** The confirmation, in the language the application was sent in. */
const submitted = () => localizedPath(href("/partners/apply/submitted"));

/** The form and its code load as the page hydrates, not with it (ADR 027). */
const applicationForm = deferredComponent(() =>
  import("~/components/partners/partner-application-form").then((module) => module.PartnerApplicationForm),
);

export async function loader() {
  await applicationForm.ready();
  return null;
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readSubmission(request);
  // Bots fill every field; they are shown the usual confirmation and nothing is stored.
  if (String(formData.get(APPLICATION_HONEYPOT) ?? "") !== "") return redirect(submitted(), 303);
  const { [APPLICATION_HONEYPOT]: _empty, ...input } = submission.payload;
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
  return redirect(submitted(), 303);
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.apply_meta_title,
  description: m.apply_meta_description,
  path: "/partners/apply",
});

export default function PartnerApplication({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={localizedPath(href("/partners"))}
        className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.apply_back_to_partners()}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-navy-900 sm:text-4xl">{m.apply_meta_title()}</h1>
      <p className="mt-3 text-slate-600">{m.apply_intro()}</p>
      <applicationForm.Component reply={actionData} />
    </main>
  );
}
