import { Download } from "lucide-react";
import { useEffect } from "react";
import { data, redirect, useNavigate, useNavigation } from "react-router";
import { toast } from "sonner";
import { getAccountOverview } from "#server/accounts/account-overview";
import { deleteAccount } from "#server/accounts/delete-account";
import { updateProfile } from "#server/accounts/update-profile";
import { authHeaders, SIGN_IN_RATE_LIMIT } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { requireUser, type Viewer } from "#server/auth/viewer";
import { setFlash } from "#server/flash";
import { consumeRateLimit } from "#server/security/rate-limit";
import { ChangePasswordForm, PASSWORD_CHANGED } from "~/components/profile/change-password-form";
import { DeleteAccountForm } from "~/components/profile/delete-account-form";
import { PROFILE_DATA_PATH, PROFILE_PATH } from "~/components/profile/paths";
import { PROFILE_SAVED, ProfileDetailsForm } from "~/components/profile/profile-details-form";
import { ProfileSection } from "~/components/profile/profile-section";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "~/lib/forms/account-schemas";
import { parseForm } from "~/lib/forms/parse";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/profile";
import { readFormData } from "~/lib/forms/read-form.server";

/** Where a changed password lands; the flag in the query is what shows the notice. */
const PASSWORD_CHANGED_PATH = `${PROFILE_PATH}?password=changed`;
const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

const ROLE_LABELS: Record<Viewer["role"], string> = { user: "User", partner: "Partner", admin: "Admin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const overview = await getAccountOverview(context.db, viewer.id);
  return {
    passwordChanged: new URL(request.url).searchParams.get("password") === "changed",
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
  const viewer = await requireUser(request, context);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case "profile":
      return saveProfile(context, viewer, formData);
    case "password":
      return changePassword(request, context, viewer, formData);
    case "delete":
      return removeAccount(request, context, viewer, formData);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

async function saveProfile(context: Route.ActionArgs["context"], viewer: Viewer, formData: FormData) {
  const parsed = parseForm(profileSchema, formData, { omit: ["intent"] });
  if (!parsed.ok) {
    return data(
      {
        intent: "profile" as const,
        status: "invalid" as const,
        errors: parsed.errors,
        values: parsed.values,
      },
      { status: 400 },
    );
  }
  const { firstName, lastName, company } = parsed.data;
  await updateProfile(context.db, viewer.id, { firstName, lastName, company: company ?? null });
  return data({ intent: "profile" as const, status: "saved" as const });
}

async function changePassword(
  request: Request,
  context: Route.ActionArgs["context"],
  viewer: Viewer,
  formData: FormData,
) {
  const parsed = parseForm(changePasswordSchema, formData, { omit: ["intent"] });
  if (!parsed.ok) {
    return data(
      { intent: "password" as const, status: "invalid" as const, errors: parsed.errors },
      { status: 400 },
    );
  }
  // A stolen session must not become a way to guess the current password.
  const limit = await consumeRateLimit(context.db, `change-password:${viewer.id}`, SIGN_IN_RATE_LIMIT);
  if (!limit.allowed) {
    return data(
      { intent: "password" as const, status: "failed" as const, formError: TOO_MANY_ATTEMPTS },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const { currentPassword, newPassword } = parsed.data;
  try {
    // Revoking other sessions also replaces this one, so its new cookie must reach the
    // browser. A redirect, because the page's loaders would otherwise run straight after
    // this action with the old, now deleted, session in the request.
    const { headers } = await context.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    });
    return redirect(PASSWORD_CHANGED_PATH, { status: 303, headers: cookiesOf(headers) });
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError) throw error;
    if (authError.code === "INVALID_PASSWORD") {
      return data(
        {
          intent: "password" as const,
          status: "invalid" as const,
          errors: { currentPassword: WRONG_CURRENT_PASSWORD },
        },
        { status: 400 },
      );
    }
    return data(
      { intent: "password" as const, status: "failed" as const, formError: authError.message },
      { status: authError.status >= 400 && authError.status < 500 ? authError.status : 400 },
    );
  }
}

async function removeAccount(
  request: Request,
  context: Route.ActionArgs["context"],
  viewer: Viewer,
  formData: FormData,
) {
  const parsed = parseForm(deleteAccountSchema(viewer.email), formData, { omit: ["intent"] });
  if (!parsed.ok) {
    return data(
      { intent: "delete" as const, status: "invalid" as const, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  // Signing out first gives the headers that clear the session cookie; the deletion
  // then removes every other session with the account.
  const signOut = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  await deleteAccount(context.db, { id: viewer.id, email: viewer.email });
  const headers = cookiesOf(signOut.headers);
  headers.append("Set-Cookie", await setFlash("account-deleted"));
  return redirect("/", { status: 303, headers });
}

/** Only better-auth's cookies travel on; its other headers describe its own response. */
function cookiesOf(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Personal pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: "Profile", path: PROFILE_PATH }),
  { name: "robots", content: "noindex" },
];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, passwordChanged } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pendingIntent =
    navigation.state !== "idle" && navigation.formAction === PROFILE_PATH
      ? navigation.formData?.get("intent")
      : null;

  const profileResult = actionData?.intent === "profile" ? actionData : null;
  const passwordResult = actionData?.intent === "password" ? actionData : null;
  const deleteResult = actionData?.intent === "delete" ? actionData : null;
  const saved = profileResult?.status === "saved";
  const savedValues = { firstName: account.firstName, lastName: account.lastName, company: account.company };

  useEffect(() => {
    if (saved) toast.success(PROFILE_SAVED);
  }, [saved, actionData]);
  useEffect(() => {
    if (!passwordChanged) return;
    toast.success(PASSWORD_CHANGED);
    // Without the flag, reloading the page does not announce the change again.
    void navigate(PROFILE_PATH, { replace: true, preventScrollReset: true });
  }, [passwordChanged, navigate]);

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
        {/* A new key after a save shows the stored values (trimmed, company cleared) in fresh fields. */}
        <ProfileDetailsForm
          key={JSON.stringify(savedValues)}
          values={profileResult?.status === "invalid" ? profileResult.values : savedValues}
          serverErrors={profileResult?.status === "invalid" ? profileResult.errors : {}}
          saved={saved}
          busy={pendingIntent === "profile"}
        />
      </ProfileSection>

      <ProfileSection
        id="password"
        title="Change password"
        description="Changing your password signs you out on every other device."
      >
        <ChangePasswordForm
          serverErrors={passwordResult?.status === "invalid" ? passwordResult.errors : {}}
          formError={passwordResult?.status === "failed" ? passwordResult.formError : null}
          changed={passwordChanged}
          busy={pendingIntent === "password"}
        />
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
        <DeleteAccountForm
          email={account.email}
          values={deleteResult?.status === "invalid" ? deleteResult.values : {}}
          serverErrors={deleteResult?.status === "invalid" ? deleteResult.errors : {}}
          busy={pendingIntent === "delete"}
        />
      </ProfileSection>
    </main>
  );
}
