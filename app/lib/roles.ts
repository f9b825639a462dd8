/** Account kinds (spec §6). */
export type Role = "user" | "partner" | "admin";
