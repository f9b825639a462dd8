import { Fragment } from "react";
import { namesPartners } from "#server/auth/policies";
import { registrationActions } from "#server/auth/registration-actions";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { listBookingDocuments } from "#server/invoices/queries";
import { bookingPaymentsForSeller } from "#server/online-payments/queries";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { confirmRegistration } from "#server/registrations/confirm-registration";
import {
  findManagedRegistration,
  getManagedRegistration,
  listMoveTargets,
} from "#server/registrations/managed-queries";
import { bookingRecordOf } from "#server/registrations/queries";
import { moveRegistration } from "#server/registrations/move-registration";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { RecordSection } from "~/components/dashboard/record-section";
import { BookingDocuments } from "~/components/invoices/booking-documents";
import { SellerPaymentDetails } from "~/components/payments/booking-payments";
import { RecordPage, replyTo } from "~/components/dashboard/record-page";
import {
  PARTNER_REGISTRATIONS_PATH,
  registrationPath,
  registrationQuestionPath,
} from "~/components/registrations/partner-paths";
import {
  CancelTeamForm,
  ConfirmTeamForm,
  MoveTeamForm,
  type RegistrationQuestion,
} from "~/components/registrations/registration-actions";
import {
  RegistrationBillingSection,
  RegistrationEventSection,
  RegistrationRosterSection,
  RegistrationTeamSection,
} from "~/components/registrations/registration-record";
import { useConfirmStep } from "~/components/ui/confirm-step";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { cancelConsequence } from "~/lib/words/cancellation";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";
import { formatAddress } from "~/lib/address";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { registration, event, partnerName, confirmedTeams, booker } = await orNotFound(
    getManagedRegistration(context.db, actor, params.id),
  );
  const now = new Date();
  // What the page offers; the commands assert the same rules again under the event's lock.
  const actions = registrationActions(actor, registration, { ...event, confirmedTeams }, now);
  const targets = actions.move
    ? await listMoveTargets(
        context.db,
        { eventId: event.id, partnerId: event.partnerId, rosterLength: registration.roster.length },
        now,
      )
    : [];
  const can = { ...actions, move: targets.length > 0 };
  // The documents issued in the organiser's name for this booking, as its seller.
  const documents = await listBookingDocuments(context.db, {
    actor,
    view: "seller",
    registrationIds: [registration.id],
    now,
  });
  // Its online payments and refunds, with the provider's references.
  const payments = await bookingPaymentsForSeller(context.db, actor, registration.id);
  const asked = new URL(request.url).searchParams;
  return {
    registration: {
      ...bookingRecordOf(registration),
      createdAt: registration.createdAt,
      cancelledAt: registration.cancelledAt,
    },
    booker,
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: formatAddress(event),
      teamSize: event.teamSize,
      maxTeams: event.maxTeams,
      confirmedTeams,
    },
    partnerName,
    documents,
    paymentMethod: registration.paymentMethod,
    payments,
    showPartner: namesPartners(actor),
    targets: targets.map((target) => ({
      id: target.id,
      title: target.title,
      startsAt: target.startsAt,
      freeSpots: target.maxTeams - target.confirmedTeams,
    })),
    can,
    asked: {
      cancel: can.cancel && asked.get("cancel") === "1",
      confirm: can.confirm && asked.get("confirm") === "1",
      move: can.move && asked.get("move") === "1",
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const registrationId = params.id;
  const { submission } = await readSubmission(request);
  const here = registrationPath(registrationId);
  return runIntent(
    submission,
    {
      cancel: redirectAfter(here, "registration-cancelled", (input) =>
        cancelRegistration(context, { actor, registrationId, asOrganiser: true, input }),
      ),
      confirm: redirectAfter(here, "registration-confirmed", () =>
        confirmRegistration(context, { actor, registrationId }),
      ),
      move: redirectAfter(here, "registration-moved", (input) =>
        moveRegistration(context, { actor, registrationId, input }),
      ),
    },
    { record: () => findManagedRegistration(context.db, actor, registrationId) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.partner_registration_title({ team: loaderData.registration.teamName })
      : m.partner_registration_title_plain(),
    path: registrationPath(params.id),
    noindex: true,
  });

export default function PartnerRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { registration, booker, event, partnerName, documents, paymentMethod, payments, showPartner, can } =
    loaderData;
  const reply = (question: RegistrationQuestion) => replyTo(actionData, question) ?? null;
  const { confirm, move, cancel } = useQuestions(loaderData, reply);
  // A refused question stays reachable even when the page no longer offers it (the spot was taken meanwhile).
  const offered = (question: RegistrationQuestion) => can[question] || reply(question) !== null;
  const actions = [
    offered("confirm") && <Fragment key="confirm">{confirm.link}</Fragment>,
    offered("move") && <Fragment key="move">{move.link}</Fragment>,
    offered("cancel") && <Fragment key="cancel">{cancel.link}</Fragment>,
  ].filter(Boolean);

  return (
    <RecordPage
      back={{ to: PARTNER_REGISTRATIONS_PATH, label: m.partner_registrations() }}
      title={registration.teamName}
      facts={
        <>
          <StatusBadge status={registration.status} />
          <span>
            {m.partner_registration_reference()}{" "}
            <span className="font-mono font-semibold tracking-wide text-slate-900">
              {registration.reference}
            </span>
          </span>
          {showPartner && <span>{m.partner_partner_named({ name: partnerName })}</span>}
        </>
      }
    >
      {actions.length > 0 && (
        <div
          role="group"
          aria-label={m.partner_registration_actions_label()}
          className="flex flex-wrap items-center gap-2"
        >
          {actions}
        </div>
      )}
      {confirm.question}
      {move.question}
      {cancel.question}
      <RegistrationEventSection event={event} />
      <RegistrationTeamSection registration={registration} booker={booker} />
      <RegistrationBillingSection registration={registration} />
      <RecordSection id="registration-payment" title={m.payments_section_heading()} className="bg-white">
        <SellerPaymentDetails paymentMethod={paymentMethod} data={payments} />
      </RecordSection>
      <RecordSection
        id="registration-documents"
        title={m.invoices_documents_heading()}
        className="space-y-4 bg-white"
      >
        <BookingDocuments
          reference={registration.reference}
          documents={documents}
          none={m.invoices_documents_none()}
        />
      </RecordSection>
      <RegistrationRosterSection roster={registration.roster} teamSize={event.teamSize} />
    </RecordPage>
  );
}

/** The organiser's three questions about the team, each with its link and its form. */
function useQuestions(
  { registration, event, targets, asked }: Route.ComponentProps["loaderData"],
  reply: (question: RegistrationQuestion) => FormReply | null,
) {
  const path = registrationPath(registration.id);
  const formProps = (question: RegistrationQuestion) => ({ action: path, lastResult: reply(question) });
  const ask = (question: RegistrationQuestion) => ({
    id: `${question}-registration`,
    askHref: registrationQuestionPath(registration.id, question),
    backHref: path,
    asked: asked[question],
    lastResult: reply(question),
  });
  const cancel = useConfirmStep({
    ...ask("cancel"),
    label: m.partner_registration_cancel(),
    heading: m.partner_registration_cancel_heading({ team: registration.teamName }),
    consequence: cancelConsequence(registration.status, "organiser"),
    keepLabel: m.partner_registration_keep_team(),
    danger: true,
    renderForm: (keep) => <CancelTeamForm {...formProps("cancel")} keep={keep} />,
  });
  const confirm = useConfirmStep({
    ...ask("confirm"),
    label: m.partner_registration_confirm(),
    heading: m.partner_registration_confirm_heading({ team: registration.teamName }),
    consequence: m.partner_registration_confirm_consequence({
      taken: event.confirmedTeams,
      max: event.maxTeams,
    }),
    keepLabel: m.partner_registration_keep_waitlist(),
    renderForm: (keep) => <ConfirmTeamForm {...formProps("confirm")} keep={keep} />,
  });
  const move = useConfirmStep({
    ...ask("move"),
    label: m.partner_registration_move(),
    heading: m.partner_registration_move_heading({ team: registration.teamName }),
    consequence: m.partner_registration_move_consequence(),
    keepLabel: m.partner_registration_keep_here(),
    renderForm: (keep) => <MoveTeamForm {...formProps("move")} keep={keep} targets={targets} />,
  });
  return { cancel, confirm, move };
}
