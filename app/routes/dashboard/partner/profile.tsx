import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { notFoundResponse, orNotFound } from "#server/http/respond";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { chosenPartner } from "#server/partners/chosen-partner";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { previewPartnerProfile } from "#server/partners/preview-partner-profile";
import { updatePartnerProfile } from "#server/partners/update-partner-profile";
import { partnerProfileData } from "#server/partners/profile-page-view";
import { PartnerChooser } from "~/components/partners/partner-chooser";
import { PublicPageNotice } from "~/components/partners/profile-editor/editor-intro";
import { partnerProfileFormValues } from "~/components/partners/profile-editor/form-values";
import { ProfileEditorForm } from "~/components/partners/profile-editor/profile-editor-form";
import { ProfilePreview } from "~/components/partners/profile-editor/profile-preview";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { PARTNER_PROFILE_PATH, partnerProfilePath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { choices, partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) return { editing: null, choices };
  const partner = await orNotFound(loadManagedPartner(context.db, actor, partnerId));
  return {
    editing: {
      id: partner.id,
      name: partner.name,
      slug: partner.slug,
      status: partner.status,
      saved: partnerProfileFormValues(partner),
      images: { logo: partner.logo, cover: partner.cover, gallery: partner.gallery },
    },
    // Links between partners only for a member of several; admins go back to the list.
    choices: seesAllPartners(actor) ? [] : choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) throw notFoundResponse(m.partner_not_found());
  // A list's add, remove or move button without JavaScript comes back changed (runIntent).
  const { submission } = await readSubmission(request, { listChanges: true });
  return runIntent(
    submission,
    {
      save: async (input) => {
        const partner = await updatePartnerProfile(context, { actor, partnerId, input });
        return redirectWithToast(partnerProfilePath(partner.id), "partner-profile-saved");
      },
      preview: async (input) => {
        const preview = await previewPartnerProfile(context, { actor, partnerId, input });
        // The typed values go back with the preview, so the form keeps them; the profile as
        // visitors of each language will see it (ADR 034).
        return {
          ...submission.reply(),
          preview: { en: partnerProfileData(preview, "en"), da: partnerProfileData(preview, "da") },
          previewLanguage: preview.language,
        };
      },
    },
    { record: () => loadManagedPartner(context.db, actor, partnerId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.partner_profile_title, PARTNER_PROFILE_PATH);

export default function PartnerProfileEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, choices } = loaderData;
  const preview =
    actionData && "preview" in actionData
      ? { profiles: actionData.preview, first: actionData.previewLanguage }
      : null;

  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {editing ? m.partner_profile_heading({ name: editing.name }) : m.partner_profile_choose_heading()}
        </h1>
        {editing ? (
          <>
            <p className="text-slate-600">{m.partner_profile_intro()}</p>
            <PublicPageNotice slug={editing.slug} status={editing.status} />
          </>
        ) : (
          <p className="text-slate-600">{m.partner_profile_choose()}</p>
        )}
        {choices.length > 1 || !editing ? (
          <PartnerChooser partners={choices} currentId={editing?.id} pathFor={partnerProfilePath} />
        ) : null}
      </div>
      {editing && (
        <>
          {preview && <ProfilePreview profiles={preview.profiles} first={preview.first} />}
          <ProfileEditorForm
            key={editing.id}
            action={partnerProfilePath(editing.id)}
            partnerId={editing.id}
            saved={editing.saved}
            savedImages={editing.images}
            lastResult={actionData}
          />
        </>
      )}
    </main>
  );
}
