import { href, Link } from "react-router";
import { canAdministerUsers } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { forbidden } from "#server/errors";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { changeUserRole } from "#server/users/change-user-role";
import { deleteUser } from "#server/users/delete-user";
import { disableUser } from "#server/users/disable-user";
import { enableUser } from "#server/users/enable-user";
import { linkUserToPartner } from "#server/users/link-user-to-partner";
import { readAdministeredUser } from "#server/users/administered-user";
import { getUserForAdmin } from "#server/users/queries";
import { resendVerification } from "#server/users/resend-verification";
import { unlinkUserFromPartner } from "#server/users/unlink-user-from-partner";
import { AdminPage } from "~/components/admin/admin-page";
import { replyTo } from "~/components/dashboard/record-page";
import { AccountActions } from "~/components/users/account-actions";
import { AccountDetails } from "~/components/users/account-details";
import { UserBookings } from "~/components/users/user-bookings";
import { RoleForm } from "~/components/users/user-forms";
import { UserPartners } from "~/components/users/user-partners";
import type { ResultOf } from "~/components/users/admin-user-view";
import { buttonVariants } from "~/components/ui/button";
import { ROLE_LABELS } from "~/lib/forms/user-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const found = await orNotFound(getUserForAdmin(context.db, actor, params.id), m.users_not_found());
  return { ...found, isSelf: found.person.id === actor.userId };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canAdministerUsers(actor)) throw forbidden();
  const { submission } = await readSubmission(request);
  const userId = params.id;
  const here = href("/dashboard/admin/users/:id", { id: userId });
  return runIntent(
    submission,
    {
      role: async (input) => {
        const changed = await changeUserRole(context, { actor, userId, input });
        // An admin who made themselves something else has left the admin area.
        const leftAdmin = userId === actor.userId && changed.role !== "admin";
        return redirectWithToast(leftAdmin ? "/dashboard" : here, "user-role-changed");
      },
      link: redirectAfter(here, "user-linked", (input) =>
        linkUserToPartner(context, { actor, userId, input }),
      ),
      unlink: redirectAfter(here, "user-unlinked", (input) =>
        unlinkUserFromPartner(context, { actor, userId, input }),
      ),
      disable: redirectAfter(here, "user-disabled", () => disableUser(context, { actor, userId })),
      enable: redirectAfter(here, "user-enabled", () => enableUser(context, { actor, userId })),
      "resend-verification": redirectAfter(here, "verification-resent", () =>
        resendVerification(context, { actor, userId }),
      ),
      delete: redirectAfter(href("/dashboard/admin/users"), "user-deleted", (input) =>
        deleteUser(context, { actor, userId, input }),
      ),
    },
    { record: () => readAdministeredUser(context.db, actor, userId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.users_user_title, "/dashboard/admin/users");

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { person, bookings, isSelf } = loaderData;
  const resultOf: ResultOf = (...intents) => replyTo(actionData, ...intents);
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <AdminPage
      title={name}
      intro={`${person.email} · ${ROLE_LABELS[person.role]}${person.disabledAt !== null ? ` · ${m.users_status_disabled()}` : ""}`}
      actions={
        <Link to={href("/dashboard/admin/users")} className={buttonVariants({ variant: "outline" })}>
          {m.users_all_users()}
        </Link>
      }
    >
      <AccountDetails person={person} name={name} />
      <RoleForm key={person.role} role={person.role} lastResult={resultOf("role")} />
      <UserPartners view={loaderData} name={name} resultOf={resultOf} />
      <UserBookings bookings={bookings} name={name} />
      <AccountActions person={person} name={name} isSelf={isSelf} resultOf={resultOf} />
    </AdminPage>
  );
}
