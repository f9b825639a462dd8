import { m } from "~/paraglide/messages";

/**
 * Said by the server when it refuses a spent or expired invitation link, and by its page,
 * in the language of whoever asked.
 */
export const invitationRefused = (): string => m.invitation_refused();
