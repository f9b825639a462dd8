import { ArrowLeft } from "~/components/icons/arrow-left";
import { useState } from "react";
import { Link } from "react-router";
import type { Actor } from "#server/auth/actor";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import type { LoadContext } from "#server/context";
import { createEvent } from "#server/events/create-event";
import { getEventToDuplicate } from "#server/events/managed-queries";
import { notFoundResponse, orNotFound } from "#server/http/respond";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { listManagedPartners } from "#server/partners/queries";
import { EventEditorForm } from "~/components/events/event-editor/event-editor-form";
import { blankEventFormValues, duplicateFormValues } from "~/components/events/event-editor/form-values";
import { PartnerChooser } from "~/components/partners/partner-chooser";
import { buttonVariants } from "~/components/ui/button";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import {
  editEventPath,
  newEventPath,
  NEW_EVENT_PATH,
  PARTNER_EVENTS_PATH,
  previewEventPath,
} from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/new";

type PartnerChoices = Awaited<ReturnType<typeof listManagedPartners>>;

/**
 * What the form starts from: a copy of `?from=<eventId>` (for the source's partner,
 * without its dates, at a free address), or an empty event for `?partner=<id>` or a
 * member's first partner. Admins create events for any partner, so without either they
 * choose one first (null). Nothing is stored until the form is saved.
 */
async function startingPoint(request: Request, context: LoadContext, actor: Actor, choices: PartnerChoices) {
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  if (from) {
    const { event, suggestedSlug } = await orNotFound(getEventToDuplicate(context.db, actor, from));
    return {
      partnerId: event.partnerId,
      saved: duplicateFormValues(event, suggestedSlug),
      savedImage: event.image,
      duplicateOf: { id: event.id, title: event.title },
    };
  }
  const partnerId =
    url.searchParams.get("partner") ?? (seesAllPartners(actor) ? null : (choices[0]?.id ?? ""));
  if (partnerId === null) return null;
  // Blank, in the partner's language, once the partner is known.
  return { partnerId, saved: null, savedImage: null, duplicateOf: null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const choices = await listManagedPartners(context.db, actor);
  const start = await startingPoint(request, context, actor, choices);
  if (!start) return { editing: null, choices };
  const partner = await orNotFound(loadManagedPartner(context.db, actor, start.partnerId));
  return {
    editing: {
      ...start,
      saved: start.saved ?? blankEventFormValues(partner.language),
      partner: { id: partner.id, name: partner.name },
      // One per form shown: a second submit of the same form finds the event the first made.
      createKey: crypto.randomUUID(),
    },
    // Links between partners only for a member of several; admins come with a partner chosen.
    choices: seesAllPartners(actor) ? [] : choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  // The form always names its partner in its address (newEventPath).
  const partnerId = new URL(request.url).searchParams.get("partner");
  if (!partnerId) throw notFoundResponse(m.partner_not_found());
  // A list's add, remove or move button without JavaScript comes back changed (runIntent).
  const { submission } = await readSubmission(request, { listChanges: true });
  const create =
    (then: (eventId: string) => string) =>
    async ({ createKey, ...input }: Record<string, unknown>) => {
      const event = await createEvent(context, { actor, partnerId, createKey, input });
      return redirectWithToast(then(event.id), "event-created");
    };
  return runIntent(
    submission,
    { save: create(editEventPath), preview: create(previewEventPath) },
    { record: () => loadManagedPartner(context.db, actor, partnerId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.partner_create_event, NEW_EVENT_PATH);

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, choices } = loaderData;
  // Kept for as long as the page is open, so every submit of this form carries the same key.
  const [createKey] = useState(() => editing?.createKey ?? "");

  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link to={PARTNER_EVENTS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> {m.partner_events()}
      </Link>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {editing?.duplicateOf ? m.partner_new_duplicate_heading() : m.partner_create_event()}
        </h1>
        {editing ? (
          <p className="text-slate-600">
            {editing.duplicateOf
              ? m.partner_new_duplicate_intro({
                  title: editing.duplicateOf.title,
                  partner: editing.partner.name,
                })
              : m.partner_new_intro({ partner: editing.partner.name })}
          </p>
        ) : (
          <p className="text-slate-600">{m.partner_new_choose_partner()}</p>
        )}
        {choices.length > 1 || !editing ? (
          <PartnerChooser
            partners={choices}
            currentId={editing?.partner.id}
            pathFor={(partnerId) => newEventPath({ partnerId })}
          />
        ) : null}
      </div>
      {editing && (
        <EventEditorForm
          name="new-event"
          key={`${editing.partner.id}-${editing.duplicateOf?.id ?? "new"}`}
          action={newEventPath({ partnerId: editing.partner.id })}
          partnerId={editing.partner.id}
          saved={editing.saved}
          savedImage={editing.savedImage}
          slugLocked={false}
          published={false}
          saveLabel={m.partner_save_draft()}
          lastResult={actionData}
        >
          <input type="hidden" name="createKey" value={createKey} />
        </EventEditorForm>
      )}
    </main>
  );
}
