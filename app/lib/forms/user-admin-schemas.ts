/**
 * The admin's forms on a person's page (/dashboard/admin/users/:id), checked in the
 * browser and parsed again by the commands in server/users/.
 */
import * as z from "zod/mini";
import type { Role } from "~/lib/roles";
import { trimmed } from "./fields";

const USER_ROLES = ["user", "partner", "admin"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = { user: "User", partner: "Partner", admin: "Admin" };

export const isRole = (value: unknown): value is Role => USER_ROLES.some((role) => role === value);

export const changeRoleSchema = z.object({
  role: z.enum(USER_ROLES, { message: "Please choose a role" }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Linking a person to a partner, and unlinking them: the partner is chosen from a list. */
export const partnerChoiceSchema = z.object({
  partnerId: z.pipe(trimmed, z.string().check(z.regex(UUID, "Please choose a partner"))),
});

/** Deleting someone's account is confirmed by typing that account's email address. */
export const deleteUserSchema = (accountEmail: string) =>
  z.object({
    confirmEmail: z.pipe(
      trimmed,
      z.string().check(
        z.refine((value) => value.toLowerCase() === accountEmail.toLowerCase(), {
          message: "Type the person's email address exactly to confirm",
        }),
      ),
    ),
  });
