/** The field only bots fill in on the message forms; people never see it (HoneypotField). */
export const MESSAGE_HONEYPOT = "website";
