import { randomUUID } from "node:crypto";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { href, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { getPublicEventBySlug } from "#server/events/queries";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { accountLimitMessage } from "#server/registrations/errors";
import { countAccountTeams, eventAvailability } from "#server/registrations/queries";
import { registerTeam } from "#server/registrations/register-team";
import type { Actor } from "#server/auth/actor";
import { log } from "#server/log";
import { startCheckout } from "#server/online-payments/start-checkout";
import { paymentMethodsFor } from "~/lib/billing/ways-to-pay";
import { registrationClosed } from "#server/registrations/rules";
import { FormNotice } from "~/components/auth/auth-layout";
import { OnlyIn } from "~/components/content/only-in";
import { CancellationTerms } from "~/components/events/cancellation-terms";
import { RefundPolicySummary } from "~/components/events/refund-policy";
import { TeamForm } from "~/components/registrations/team-form";
import { TestPaymentNotice } from "~/components/payments/test-payment-notice";
import { NoticePage, refusedRequestMessage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { PriceText } from "~/components/ui/price-text";
import { cancellationTermsShown, localizeTexts } from "~/lib/content-language";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import { isSlug } from "~/lib/slug";
import { localizedPath } from "~/lib/i18n/locale";
import { bookingPath } from "~/lib/paths";
import { publicEventPath, publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import { isPending } from "~/lib/use-is-pending";
import { waitlistRule } from "~/lib/words/waitlist";
import type { Route } from "./+types/events.$slug.register";

/** Unknown slugs and events that are not published are "not found". */
async function findEvent(slug: string, context: Route.LoaderArgs["context"]) {
  const found = isSlug(slug) ? await getPublicEventBySlug(context.db, slug) : null;
  if (!found) throw notFoundResponse(m.event_not_found_plain());
  return found;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const { event, vatStatus, billingConfirmed, organizer, siteTerms } = await findEvent(params.slug, context);
  const shown = localizeTexts(event);
  const availability = await eventAvailability(context.db, event.id);
  const closed = registrationClosed(event, new Date());
  const held = await countAccountTeams(context.db, event.id, viewer.actor.userId);
  return {
    event: {
      slug: event.slug,
      title: shown.title,
      location: shown.location,
      shownIn: shown.shownIn,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      deadline: formatInstant(event.registrationDeadline),
      price: priceWithMoms(event.priceMinor, event.currency, vatStatus),
      teamSize: event.teamSize,
      maxTeamsPerAccount: event.maxTeamsPerAccount,
      // The policy the booking will keep (register-team.ts stores the event's at booking).
      refundPolicy: event.refundPolicy,
    },
    organizerName: organizer.name,
    organizerSlug: organizer.slug,
    paymentMethods: paymentMethodsFor(event.paymentMethods, {
      priceMinor: event.priceMinor,
      billingConfirmed,
    }),
    testPayments: context.payments.isTest,
    cancellationTerms: cancellationTermsShown(event, siteTerms),
    spotsRemaining: availability?.spotsRemaining ?? 0,
    closedMessage: closed?.message ?? null,
    // Said before anything is typed. After a refused submit the form stays with what was
    // typed and the refusal's message; the booking command checks again under the lock.
    limitMessage:
      held >= event.maxTeamsPerAccount
        ? accountLimitMessage(held, event.maxTeamsPerAccount, organizer)
        : null,
    // The account's details fill an empty form; what was typed, or sent back with a
    // refusal, is kept instead (Conform prefers the action's answer to these).
    accountDefaults: {
      company: viewer.company ?? "",
      captainName: `${viewer.firstName} ${viewer.lastName}`.trim(),
      captainEmail: viewer.email,
    },
    // A new key for every rendered form: the same form submitted twice books one team.
    idempotencyKey: randomUUID(),
  };
}

/** Passes the action's Retry-After on to the browser when too many attempts were made. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireUser(request, context);
  const { event } = await findEvent(params.slug, context);
  const { formData, submission } = await readSubmission(request);
  const { idempotencyKey, joinWaitlist: _waitlist, ...input } = submission.payload;
  try {
    const { registration } = await registerTeam(context, {
      actor,
      eventId: event.id,
      input,
      idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : "",
      joinWaitlist: formData.get("joinWaitlist") === "true",
      paymentMethod: formData.get("paymentMethod"),
    });
    // Held places are paid at the provider's checkout; the webhook confirms them.
    if (registration.status === "held")
      return redirect(await checkoutOrBooking(context, actor, registration.id));
    return redirect(
      localizedPath(href("/events/:slug/registered/:id", { slug: event.slug, id: registration.id })),
      303,
    );
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/**
 * Where a booker with held places goes: the provider's checkout, or, when it cannot be
 * started just now, their booking, whose "Pay now" tries again while the hold lasts.
 */
async function checkoutOrBooking(context: Route.ActionArgs["context"], actor: Actor, registrationId: string) {
  try {
    return (await startCheckout(context, { actor, registrationId })).url;
  } catch (error) {
    log.warn({ err: error, registrationId }, "A checkout could not be started after a booking.");
    return bookingPath(registrationId);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData
    ? pageMeta(baseUrlFromMatches(matches), {
        title: m.registration_meta_title({ title: loaderData.event.title }),
        description: m.registration_meta_description({ title: loaderData.event.title }),
        path: `/events/${loaderData.event.slug}/register`,
      })
    : [{ title: pageTitle(m.event_not_found_title()) }]),
  { name: "robots", content: "noindex" },
];

export default function RegisterTeam({ loaderData, actionData }: Route.ComponentProps) {
  const {
    event,
    organizerName,
    organizerSlug,
    cancellationTerms,
    spotsRemaining,
    closedMessage,
    limitMessage,
    accountDefaults,
    idempotencyKey,
    paymentMethods,
    testPayments,
  } = loaderData;
  // Only this page's form posts, so any submission under way is the registration.
  const busy = isPending(useNavigation(), {
    formAction: localizedPath(href("/events/:slug/register", { slug: event.slug })),
  });
  const startsAt = new Date(event.startsAt);
  const filledMeanwhile = actionData?.reason === "full";
  const waitlist = spotsRemaining === 0 || filledMeanwhile;
  const eventPath = publicEventPath(event.slug);
  const organizerPath = publicPartnerPath(organizerSlug);

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to={eventPath} className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.registration_back_to_event()}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{m.event_register_your_team()}</h1>
      <section aria-labelledby="event-summary-title" className="mt-4 rounded-lg bg-navy-50 p-4 sm:p-6">
        <h2
          id="event-summary-title"
          lang={event.shownIn.title}
          className="text-lg font-semibold text-navy-900"
        >
          {event.title}
        </h2>
        <OnlyIn lang={event.shownIn.title} />
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{m.registration_field_date()}</dt>
          <dd>
            <time dateTime={startsAt.toISOString()}>{formatDate(startsAt)}</time>,{" "}
            {formatTimeRange(startsAt, new Date(event.endsAt))}
          </dd>
          <dt className="font-medium">{m.registration_field_location()}</dt>
          <dd lang={event.shownIn.location}>{event.location}</dd>
          <dt className="font-medium">{m.registration_field_organizer()}</dt>
          <dd>
            <Link to={organizerPath} className="text-water-600 hover:underline">
              {organizerName}
            </Link>
          </dd>
          <dt className="font-medium">{m.registration_field_price_per_team()}</dt>
          <dd>
            <PriceText price={event.price} />
          </dd>
          <dt className="font-medium">{m.registration_field_deadline()}</dt>
          <dd>{event.deadline}</dd>
          <dt className="font-medium">{m.registration_field_teams_per_account()}</dt>
          <dd>{m.registration_up_to({ count: event.maxTeamsPerAccount })}</dd>
        </dl>
      </section>

      {closedMessage ? (
        <>
          <FormNotice tone="error">{closedMessage}</FormNotice>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={eventPath}>{m.registration_back_to_event()}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={localizedPath("/events")}>{m.registration_browse_all_events()}</Link>
            </Button>
          </div>
        </>
      ) : limitMessage && !actionData ? (
        <>
          <FormNotice tone="error">{limitMessage}</FormNotice>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={organizerPath}>{m.registration_contact_organizer({ name: organizerName })}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={href("/dashboard/bookings")}>{m.bookings_title()}</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          {waitlist ? (
            <div role="status" className="mt-6 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
              <p className="font-semibold">{m.event_fully_booked_join_waitlist()}</p>
              <p className="mt-1">{waitlistRule()}</p>
            </div>
          ) : (
            <p className="mt-6 text-slate-700">{m.registration_spots_remaining({ count: spotsRemaining })}</p>
          )}
          {testPayments && paymentMethods.includes("online") && (
            <div className="mt-6">
              <TestPaymentNotice />
            </div>
          )}
          <TeamForm
            name="register"
            lastResult={actionData}
            defaultValue={accountDefaults}
            teamSize={event.teamSize}
            rosterHint={m.registration_roster_hint_new({
              teamSize: event.teamSize,
              deadline: event.deadline,
            })}
            acceptTerms
            discountCode={event.price.grossMinor > 0}
            termsNotice={
              <>
                <RefundPolicySummary policy={event.refundPolicy} startsAt={startsAt} />
                {cancellationTerms && <CancellationTerms terms={cancellationTerms} />}
              </>
            }
            paymentMethods={paymentMethods}
            submitLabel={
              waitlist
                ? m.registration_join_waitlist()
                : paymentMethods[0] === "online" && paymentMethods.length === 1
                  ? m.registration_continue_to_payment()
                  : m.registration_register_team()
            }
            busyLabel={m.registration_sending()}
            busy={busy}
          >
            {/* Generated on the server for this render, so submitting the form twice books one team. */}
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            {waitlist && <input type="hidden" name="joinWaitlist" value="true" />}
          </TeamForm>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NoticePage
      title={notFound ? m.event_not_found_title() : m.event_error_title()}
      body={
        notFound
          ? m.registration_not_open_body()
          : (refusedRequestMessage(error) ?? m.registration_form_load_failed())
      }
    >
      <Button asChild>
        <Link to={localizedPath("/events")}>{m.event_browse_all()}</Link>
      </Button>
    </NoticePage>
  );
}
