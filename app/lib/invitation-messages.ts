/** Said by the server when it refuses a spent or expired invitation link, and by its page. */
export const INVITATION_REFUSED =
  "This invitation link has expired or has already been used. Ask for a new link below.";
