import { Download } from "~/components/icons";
import { data, useNavigation } from "react-router";
import { getAccountOverview } from "#server/accounts/account-overview";
import { changePassword } from "#server/accounts/change-password";
import { deleteAccount } from "#server/accounts/delete-account";
import { updateProfile } from "#server/accounts/update-profile";
import { authHeaders } from "#server/auth/auth";
import { requireUser, type Viewer } from "#server/auth/viewer";
import { cookiesOf } from "#server/http/cookies";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { replyTo } from "~/components/dashboard/record-page";
import { ChangePasswordForm } from "~/components/profile/change-password-form";
import { DeleteAccountForm } from "~/components/profile/delete-account-form";
import { ProfileDetailsForm } from "~/components/profile/profile-details-form";
import { ProfileSection } from "~/components/profile/profile-section";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { PROFILE_DATA_PATH, PROFILE_PATH } from "~/lib/paths";
import { isPending } from "~/lib/use-is-pending";
import type { Route } from "./+types/index";

const ROLE_LABELS: Record<Viewer["role"], string> = { user: "User", partner: "Partner", admin: "Admin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const overview = await getAccountOverview(context.db, viewer.actor);
  return {
    account: {
      email: viewer.email,
      role: viewer.role,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      company: viewer.company ?? "",
      partnerCount: viewer.partnerIds.length,
      ...overview,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireUser(request, context);
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  const headers = authHeaders(request, context.clientIp);
  try {
    switch (intent) {
      case "profile":
        await updateProfile(context, { actor, input });
        return redirectWithToast(PROFILE_PATH, "profile-saved");
      case "password": {
        const changed = await changePassword(context, { actor, input, headers });
        // A redirect, because the page's loaders would otherwise run straight after this
        // action with the old, now deleted, session in the request.
        return redirectWithToast(PROFILE_PATH, "password-changed", { headers: cookiesOf(changed.headers) });
      }
      case "delete": {
        const deleted = await deleteAccount(context, { actor, input, headers: request.headers });
        return redirectWithToast("/", "account-deleted", { headers: cookiesOf(deleted.headers) });
      }
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    // Passwords are never sent back to the page.
    const passwordFields: Record<string, string[]> = {
      password: ["currentPassword", "newPassword", "confirmPassword"],
      delete: ["password"],
    };
    return replyWithRefusal(submission, error, {
      hideFields: typeof intent === "string" ? (passwordFields[intent] ?? []) : [],
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: "Profile", path: PROFILE_PATH }),
  { name: "robots", content: "noindex" },
];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const navigation = useNavigation();
  const pending = (intent: string) => isPending(navigation, { formAction: PROFILE_PATH, intent });

  // Each form shows the refusal of its own submit.
  const resultOf = (intent: string) => replyTo(actionData, intent);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Profile</h1>
        <p className="mt-2 text-slate-600">Your details, your password and the data we keep about you.</p>
      </div>

      <ProfileSection id="details" title="Your details">
        <dl className="mb-6 grid gap-4 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-slate-500">Email</dt>
            <dd className="mt-1 font-medium break-words text-slate-900">{account.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Account type</dt>
            <dd className="mt-1 font-medium text-slate-900">{ROLE_LABELS[account.role]}</dd>
          </div>
          {account.memberSince && (
            <div>
              <dt className="text-slate-500">Member since</dt>
              <dd className="mt-1 font-medium text-slate-900">{formatDate(account.memberSince)}</dd>
            </div>
          )}
        </dl>
        <ProfileDetailsForm
          saved={{ firstName: account.firstName, lastName: account.lastName, company: account.company }}
          lastResult={resultOf("profile")}
          busy={pending("profile")}
        />
      </ProfileSection>

      <ProfileSection
        id="password"
        title="Change password"
        description="Changing your password signs you out on every other device."
      >
        <ChangePasswordForm lastResult={resultOf("password")} busy={pending("password")} />
      </ProfileSection>

      <ProfileSection
        id="your-data"
        title="Download your data"
        description="A machine-readable copy (JSON) of your account, profile, partner memberships, team registrations and active sessions."
      >
        <a href={PROFILE_DATA_PATH} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" /> Download my data
        </a>
      </ProfileSection>

      <ProfileSection
        id="delete-account"
        title="Delete account"
        tone="danger"
        description={
          <>
            <p>Deleting your account is permanent and cannot be undone. We remove:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>your sign-in details, name and company;</li>
              <li>
                your team registrations
                {account.teamRegistrations > 0 ? ` (${account.teamRegistrations})` : ""}, so those teams are
                no longer booked;
              </li>
              {account.partnerCount > 0 && <li>your access to the partner organisations you manage;</li>}
              <li>your sessions, which signs you out on every device;</li>
              <li>the copies of emails we sent you.</li>
            </ul>
            <p className="mt-2">Download your data first if you want to keep a copy.</p>
          </>
        }
      >
        <DeleteAccountForm email={account.email} lastResult={resultOf("delete")} busy={pending("delete")} />
      </ProfileSection>
    </main>
  );
}
