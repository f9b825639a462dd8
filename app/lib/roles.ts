/** Account kinds (spec §6). */
export const ROLES = ["user", "partner", "admin"] as const;
export type Role = (typeof ROLES)[number];
