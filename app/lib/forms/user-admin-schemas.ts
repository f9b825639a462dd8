/**
 * The admin's forms on a person's page (/dashboard/admin/users/:id), checked in the
 * browser and parsed again by the commands in server/users/.
 */
import * as z from "zod/mini";
import { UUID_PATTERN } from "~/lib/ids";
import type { Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { says, trimmed, typedEmail } from "./fields";

export const USER_ROLES = ["user", "partner", "admin"] as const satisfies readonly Role[];

/** The roles' names, each read when it is shown (a getter calls its message), in the reader's language. */
export const ROLE_LABELS: Record<Role, string> = {
  get user() {
    return m.valid_role_user();
  },
  get partner() {
    return m.valid_role_partner();
  },
  get admin() {
    return m.valid_role_admin();
  },
};

export const changeRoleSchema = z.object({
  role: z.enum(USER_ROLES, says(m.valid_role_required)),
});

/** Linking a person to a partner, and unlinking them: the partner is chosen from a list. */
export const partnerChoiceSchema = z.object({
  partnerId: z.pipe(trimmed, z.string().check(z.regex(UUID_PATTERN, says(m.valid_partner_required)))),
});

/** Deleting someone's account is confirmed by typing that account's email address. */
export const deleteUserSchema = (accountEmail: string) =>
  z.object({
    confirmEmail: typedEmail(accountEmail, m.valid_confirm_person_email),
  });
