import { Download } from "~/components/icons/download";
import { data, redirectDocument, useNavigation } from "react-router";
import { getAccountOverview } from "#server/accounts/account-overview";
import { changePassword } from "#server/accounts/change-password";
import { chooseLanguage } from "#server/accounts/choose-language";
import { deleteAccount } from "#server/accounts/delete-account";
import { updateProfile } from "#server/accounts/update-profile";
import { authHeaders } from "#server/auth/auth";
import { requireUser, type Viewer } from "#server/auth/viewer";
import { cookiesOf } from "#server/http/cookies";
import { languageCookie } from "#server/http/language";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { replyTo } from "~/components/dashboard/record-page";
import { ChangePasswordForm } from "~/components/profile/change-password-form";
import { DeleteAccountForm } from "~/components/profile/delete-account-form";
import { LanguageForm } from "~/components/profile/language-form";
import { ProfileDetailsForm } from "~/components/profile/profile-details-form";
import { ProfileSection } from "~/components/profile/profile-section";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { localizedPath } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { PROFILE_DATA_PATH, PROFILE_PATH } from "~/lib/paths";
import { isPending } from "~/lib/use-is-pending";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

const ROLE_LABELS: Record<Viewer["role"], () => string> = {
  user: m.profile_role_user,
  partner: m.profile_role_partner,
  admin: m.profile_role_admin,
};

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
      language: viewer.language,
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
      case "language": {
        const language = await chooseLanguage(context, { actor, input });
        // A new document, since every word of the page changes; the toast cookie goes with it.
        const cookie = new Headers({ "Set-Cookie": languageCookie(language) });
        const saved = await redirectWithToast(PROFILE_PATH, "language-saved", { headers: cookie });
        return redirectDocument(PROFILE_PATH, { status: 303, headers: saved.headers });
      }
      case "delete": {
        const deleted = await deleteAccount(context, { actor, input, headers: request.headers });
        return redirectWithToast(localizedPath("/"), "account-deleted", {
          headers: cookiesOf(deleted.headers),
        });
      }
      default:
        throw data(m.profile_unknown_form(), { status: 400 });
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
  ...pageMeta(baseUrlFromMatches(matches), { title: m.profile_title, path: PROFILE_PATH }),
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
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{m.profile_title()}</h1>
        <p className="mt-2 text-slate-600">{m.profile_intro()}</p>
      </div>

      <ProfileSection id="details" title={m.profile_details_title()}>
        <dl className="mb-6 grid gap-4 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-slate-500">{m.form_email()}</dt>
            <dd className="mt-1 font-medium break-words text-slate-900">{account.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{m.profile_account_type()}</dt>
            <dd className="mt-1 font-medium text-slate-900">{ROLE_LABELS[account.role]()}</dd>
          </div>
          {account.memberSince && (
            <div>
              <dt className="text-slate-500">{m.profile_member_since()}</dt>
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
        id="language"
        title={m.profile_language_title()}
        description={m.profile_language_description()}
      >
        <LanguageForm saved={account.language} lastResult={resultOf("language")} busy={pending("language")} />
      </ProfileSection>

      <ProfileSection
        id="password"
        title={m.profile_change_password()}
        description={m.profile_password_description()}
      >
        <ChangePasswordForm lastResult={resultOf("password")} busy={pending("password")} />
      </ProfileSection>

      <ProfileSection
        id="your-data"
        title={m.profile_data_title()}
        description={m.profile_data_description()}
      >
        <a href={PROFILE_DATA_PATH} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" /> {m.profile_data_download()}
        </a>
      </ProfileSection>

      <ProfileSection
        id="delete-account"
        title={m.profile_delete_title()}
        tone="danger"
        description={
          <>
            <p>{m.profile_delete_intro()}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>{m.profile_delete_item_sign_in()}</li>
              <li>
                {account.teamRegistrations > 0
                  ? m.profile_delete_item_registrations_count({ count: account.teamRegistrations })
                  : m.profile_delete_item_registrations()}
              </li>
              {account.partnerCount > 0 && <li>{m.profile_delete_item_partners()}</li>}
              <li>{m.profile_delete_item_sessions()}</li>
              <li>{m.profile_delete_item_emails()}</li>
            </ul>
            <p className="mt-2">{m.profile_delete_keep_copy()}</p>
          </>
        }
      >
        <DeleteAccountForm email={account.email} lastResult={resultOf("delete")} busy={pending("delete")} />
      </ProfileSection>
    </main>
  );
}
