import type { Role } from "~/lib/roles";

/**
 * Who a command acts for: made once per request from the signed-in viewer and passed
 * to every command and scoped query. Commands never read the session themselves, so
 * tests and CLIs can act as anyone.
 */
export type Actor = {
  readonly userId: string;
  readonly role: Role;
  /** The partner organisations this person is a full member of (none for most people). */
  readonly partnerIds: readonly string[];
  /**
   * The partners this person checks teams in for as staff (ADR 038): their crew lists and
   * check-in pages on the day, nothing else. None when not given.
   */
  readonly checkInPartnerIds?: readonly string[];
};

export function actorOf(viewer: {
  id: string;
  role: Role;
  partnerIds: readonly string[];
  checkInPartnerIds?: readonly string[];
}): Actor {
  return {
    userId: viewer.id,
    role: viewer.role,
    partnerIds: [...viewer.partnerIds],
    checkInPartnerIds: [...(viewer.checkInPartnerIds ?? [])],
  };
}

/** What every public form's command takes: the contact page, partner inquiries, applications. */
export type PublicFormRequest = {
  /** Signed in or not: anyone may write (see canSubmitPublicForm). */
  actor: Actor | null;
  input: unknown;
  /** The sender's address, for the per-address limit. */
  clientIp: string;
};
