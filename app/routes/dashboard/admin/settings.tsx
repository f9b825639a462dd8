import { href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { SITE_SETTINGS_DEFAULTS } from "#server/settings/defaults";
import { getSiteSettingsForEditing } from "#server/settings/queries";
import { updateSiteSettings } from "#server/settings/update-site-settings";
import { AdminPage } from "~/components/admin/admin-page";
import { SiteSettingsForm } from "~/components/settings/site-settings-form";
import { PAYMENT_TERMS_DAYS } from "~/lib/forms/billing-fields";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/settings";

const SETTINGS_PATH = href("/dashboard/admin/settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const settings = await getSiteSettingsForEditing(context.db, actor);
  return {
    saved: {
      contactEmail: settings?.contactEmail ?? "",
      contactPhone: settings?.contactPhone ?? "",
      addressLine: settings?.addressLine ?? "",
      postalCode: settings?.postalCode ?? "",
      city: settings?.city ?? "",
      companyRegistrationNumber: settings?.companyRegistrationNumber ?? "",
      facebookUrl: settings?.facebookUrl ?? "",
      instagramUrl: settings?.instagramUrl ?? "",
      linkedinUrl: settings?.linkedinUrl ?? "",
      // Before the first save, what the site runs with meanwhile.
      defaultCancellationTerms:
        settings?.defaultCancellationTerms ?? SITE_SETTINGS_DEFAULTS.defaultCancellationTerms,
      defaultCancellationTermsDa:
        settings?.defaultCancellationTermsDa ?? SITE_SETTINGS_DEFAULTS.defaultCancellationTermsDa,
      contactInboxEmail: settings?.contactInboxEmail ?? SITE_SETTINGS_DEFAULTS.contactInboxEmail,
      legalName: settings?.legalName ?? SITE_SETTINGS_DEFAULTS.legalName,
      bankRegistration: settings?.bankRegistration ?? "",
      bankAccount: settings?.bankAccount ?? "",
      fiCreditorNumber: settings?.fiCreditorNumber ?? "",
      invoicePrefix: settings?.invoicePrefix ?? SITE_SETTINGS_DEFAULTS.invoicePrefix,
      paymentTermsDays: String(settings?.paymentTermsDays ?? PAYMENT_TERMS_DAYS.usual),
      invoiceEmail: settings?.invoiceEmail ?? SITE_SETTINGS_DEFAULTS.invoiceEmail,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  try {
    await updateSiteSettings(context, { actor, input: submission.payload });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  return redirectWithToast(SETTINGS_PATH, "settings-saved");
}

export const meta: Route.MetaFunction = workspacePageMeta(m.settings_title, SETTINGS_PATH);

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={m.settings_title()} intro={m.settings_intro()}>
      <SiteSettingsForm saved={loaderData.saved} lastResult={actionData as FormReply | undefined} />
    </AdminPage>
  );
}
