/**
 * The admin's forms on a person's page (/dashboard/admin/users/:id), checked in the
 * browser and parsed again by the commands in server/users/.
 */
import * as z from "zod/mini";
import { UUID_PATTERN } from "~/lib/ids";
import type { Role } from "~/lib/roles";
import { trimmed, typedEmail } from "./fields";

export const USER_ROLES = ["user", "partner", "admin"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = { user: "User", partner: "Partner", admin: "Admin" };

export const changeRoleSchema = z.object({
  role: z.enum(USER_ROLES, { message: "Please choose a role" }),
});

/** Linking a person to a partner, and unlinking them: the partner is chosen from a list. */
export const partnerChoiceSchema = z.object({
  partnerId: z.pipe(trimmed, z.string().check(z.regex(UUID_PATTERN, "Please choose a partner"))),
});

/** Deleting someone's account is confirmed by typing that account's email address. */
export const deleteUserSchema = (accountEmail: string) =>
  z.object({
    confirmEmail: typedEmail(accountEmail, "Type the person's email address exactly to confirm"),
  });
