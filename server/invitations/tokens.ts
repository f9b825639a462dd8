import { createHash, randomBytes } from "node:crypto";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Only the hash is stored, so a copy of the database holds no working link. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export const invitationUrl = (baseUrl: string, token: string) => `${baseUrl}/invitations/${token}`;
