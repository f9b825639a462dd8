/** The field only bots fill in on the message forms; people never see it (HoneypotField). */
export const MESSAGE_HONEYPOT = "website";

/** The partner application has a real "website" field, so its bots' field has another tempting name. */
export const APPLICATION_HONEYPOT = "homepage";
