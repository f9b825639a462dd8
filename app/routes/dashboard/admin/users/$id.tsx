import { data, href, Link, useNavigation } from "react-router";
import { canAdministerUsers } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { forbidden } from "#server/errors";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { changeUserRole } from "#server/users/change-user-role";
import { deleteUser } from "#server/users/delete-user";
import { disableUser } from "#server/users/disable-user";
import { enableUser } from "#server/users/enable-user";
import { linkUserToPartner } from "#server/users/link-user-to-partner";
import { getUserForAdmin } from "#server/users/queries";
import { resendVerification } from "#server/users/resend-verification";
import { unlinkUserFromPartner } from "#server/users/unlink-user-from-partner";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { AccountStatusBadge } from "~/components/users/account-status";
import {
  ConfirmStep,
  DeleteUserForm,
  LinkPartnerForm,
  RefusalMessage,
  RoleForm,
} from "~/components/users/user-forms";
import { buttonVariants } from "~/components/ui/button";
import { formatDate, formatTime } from "~/lib/dates";
import { ROLE_LABELS } from "~/lib/forms/user-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { staticPageMeta } from "~/lib/meta";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canAdministerUsers(actor)) throw forbidden();
  const found = await getUserForAdmin(context.db, actor, params.id);
  if (!found) throw notFoundResponse("We could not find that person.");
  return { ...found, isSelf: found.person.id === actor.userId };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canAdministerUsers(actor)) throw forbidden();
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  const userId = params.id;
  const here = href("/dashboard/admin/users/:id", { id: userId });
  try {
    switch (intent) {
      case "role": {
        const changed = await changeUserRole(context, { actor, userId, input });
        // An admin who made themselves something else has left the admin area.
        const leftAdmin = userId === actor.userId && changed.role !== "admin";
        return redirectWithToast(leftAdmin ? "/dashboard" : here, "user-role-changed");
      }
      case "link":
        await linkUserToPartner(context, { actor, userId, input });
        return redirectWithToast(here, "user-linked");
      case "unlink":
        await unlinkUserFromPartner(context, { actor, userId, input });
        return redirectWithToast(here, "user-unlinked");
      case "disable":
        await disableUser(context, { actor, userId });
        return redirectWithToast(here, "user-disabled");
      case "enable":
        await enableUser(context, { actor, userId });
        return redirectWithToast(here, "user-enabled");
      case "resend-verification":
        await resendVerification(context, { actor, userId });
        return redirectWithToast(here, "verification-resent");
      case "delete":
        await deleteUser(context, { actor, userId, input });
        return redirectWithToast(href("/dashboard/admin/users"), "user-deleted");
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/** Personal data stays out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "User",
  path: "/dashboard/admin/users",
  noindex: true,
});

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { person, bookings, memberships, linkablePartners, isSelf } = loaderData;
  const busy = useNavigation().state !== "idle";
  const resultOf = (...intents: string[]) =>
    intents.includes(String(actionData?.initialValue?.intent ?? "")) ? (actionData as FormReply) : undefined;
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  const disabled = person.disabledAt !== null;
  return (
    <AdminPage
      title={name}
      intro={`${person.email} · ${ROLE_LABELS[person.role]}${disabled ? " · Disabled" : ""}`}
      actions={
        <Link to={href("/dashboard/admin/users")} className={buttonVariants({ variant: "outline" })}>
          All users
        </Link>
      }
    >
      <section aria-labelledby="person-details" className="rounded-lg border border-slate-200 p-5">
        <h2 id="person-details" className="text-lg font-semibold text-navy-900">
          Account
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd>{name}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="break-all">{person.email}</dd>
          <dt className="font-medium text-slate-600">Company</dt>
          <dd>{person.company ?? "Not given"}</dd>
          <dt className="font-medium text-slate-600">Role</dt>
          <dd>{ROLE_LABELS[person.role]}</dd>
          <dt className="font-medium text-slate-600">Verified</dt>
          <dd>{person.emailVerified ? "Yes" : "No, the email address is not verified yet"}</dd>
          <dt className="font-medium text-slate-600">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <AccountStatusBadge disabled={disabled} />
            {person.disabledAt && (
              <span>
                since{" "}
                <time dateTime={person.disabledAt.toISOString()}>
                  {formatDate(person.disabledAt)}, {formatTime(person.disabledAt)}
                </time>
              </span>
            )}
          </dd>
          <dt className="font-medium text-slate-600">Joined</dt>
          <dd>
            <time dateTime={person.joinedAt.toISOString()}>{formatDate(person.joinedAt)}</time>
          </dd>
        </dl>
      </section>

      <RoleForm key={person.role} role={person.role} lastResult={resultOf("role")} busy={busy} />

      <section aria-labelledby="partners" className="space-y-4">
        <h2 id="partners" className="text-lg font-semibold text-navy-900">
          Partners
        </h2>
        <RefusalMessage lastResult={resultOf("unlink")} />
        <AdminTable
          caption={`Partners ${name} acts for`}
          columns={["Partner", "Partner status", "Member since", "Actions"]}
          empty={memberships.length === 0 ? `${name} does not act for any partner.` : null}
        >
          {memberships.map((membership) => (
            <tr key={membership.partnerId}>
              <td className={cellClass}>
                <Link
                  to={href("/dashboard/admin/partners/:id", { id: membership.partnerId })}
                  className={linkClass}
                >
                  {membership.name}
                </Link>
              </td>
              <td className={cellClass}>{PARTNER_STATUS_LABELS[membership.status]}</td>
              <td className={cellClass}>{formatDate(membership.since)}</td>
              <td className={cellClass}>
                <ConfirmStep
                  label={
                    <>
                      Unlink<span className="sr-only"> from {membership.name}</span>
                    </>
                  }
                  question={
                    memberships.length === 1 && person.role === "partner"
                      ? `${name} will no longer act for ${membership.name}, and becomes a user, as it is their only partner.`
                      : `${name} will no longer act for ${membership.name}.`
                  }
                  confirmLabel="Yes, unlink"
                  intent="unlink"
                  hidden={{ partnerId: membership.partnerId }}
                  busy={busy}
                  danger
                />
              </td>
            </tr>
          ))}
        </AdminTable>
        <LinkPartnerForm
          personName={name}
          role={person.role}
          partners={linkablePartners}
          lastResult={resultOf("link")}
          busy={busy}
        />
      </section>

      <section aria-labelledby="bookings" className="space-y-4">
        <h2 id="bookings" className="text-lg font-semibold text-navy-900">
          Bookings
        </h2>
        <AdminTable
          caption={`Team registrations ${name} made`}
          columns={["Event", "Date", "Team", "Status", "Reference"]}
          empty={bookings.length === 0 ? `${name} has not registered a team.` : null}
        >
          {bookings.map((booking) => (
            <tr key={booking.id}>
              <td className={cellClass}>{booking.eventTitle}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={booking.eventStartsAt.toISOString()}>
                  {formatDate(booking.eventStartsAt)}
                </time>
              </td>
              <td className={cellClass}>{booking.teamName}</td>
              <td className={cellClass}>
                <StatusBadge status={booking.status} />
              </td>
              <td className={cellClass}>
                <Link
                  to={href("/dashboard/partner/registrations/:id", { id: booking.id })}
                  className={`${linkClass} font-mono`}
                >
                  {booking.reference}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="account-actions" className="space-y-4 rounded-lg border border-slate-200 p-5">
        <h2 id="account-actions" className="text-lg font-semibold text-navy-900">
          Sign-in and deletion
        </h2>
        <RefusalMessage lastResult={resultOf("disable", "enable", "resend-verification")} />
        {isSelf ? (
          <p className="text-sm text-slate-600">
            This is your own account. You cannot disable or delete it here; your profile page deletes it.
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          {!person.emailVerified && (
            <ConfirmStep
              label="Resend verification email…"
              question={`Email ${person.email} a new link to verify the address? The link works for 24 hours.`}
              confirmLabel="Send the link"
              intent="resend-verification"
              busy={busy}
            />
          )}
          {disabled ? (
            <ConfirmStep
              label="Re-enable account…"
              question={`${name} will be able to sign in again.`}
              confirmLabel="Yes, re-enable"
              intent="enable"
              busy={busy}
            />
          ) : (
            !isSelf && (
              <ConfirmStep
                label="Disable account…"
                question={`${name} is signed out everywhere now and cannot sign in until the account is re-enabled. Nothing in the account is deleted.`}
                confirmLabel="Yes, disable the account"
                intent="disable"
                busy={busy}
                danger
              />
            )
          )}
          {!isSelf && <DeleteUserForm email={person.email} lastResult={resultOf("delete")} busy={busy} />}
        </div>
      </section>
    </AdminPage>
  );
}
