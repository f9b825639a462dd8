import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { isUuid } from "~/lib/ids";

/**
 * The links that need no account (ADR 038): a rower's (`/rower/<token>`) and a captain's
 * (`/crew/<token>`). A token is `<row id>.<signature>`, the signature an HMAC-SHA-256 of
 * the row id and its token version under a key derived from the auth secret, one key per
 * kind of link. Nothing secret is stored: a reminder sends the same link again, raising the
 * version ends every link sent before, and rotating the auth secret ends them all.
 */

/** A token's row and the version it was signed at. */
type Signed = { id: string; tokenVersion: number };

/** 32 bytes of signature in base64url. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The functions of one kind of link. `label` is the key's purpose, so no other use of the
 * auth secret, and no other kind of link, can make a valid token: a seat's token never
 * opens the crew page of a booking with the same id, nor the other way round.
 */
function linkTokens(label: string) {
  const keys = new Map<string, Buffer>();
  const linkKey = (authSecret: string): Buffer => {
    let key = keys.get(authSecret);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", authSecret, "", label, 32));
      keys.set(authSecret, key);
    }
    return key;
  };
  const signature = (authSecret: string, id: string, tokenVersion: number): Buffer =>
    createHmac("sha256", linkKey(authSecret)).update(`${id}:${tokenVersion}`).digest();

  /** The row a token names, or null when it is not a token's shape; says nothing of its signature. */
  const idOf = (token: unknown): string | null => {
    if (typeof token !== "string" || token.length > 100) return null;
    const dot = token.indexOf(".");
    const id = token.slice(0, dot);
    if (dot < 0 || !isUuid(id) || !SIGNATURE.test(token.slice(dot + 1))) return null;
    return id.toLowerCase();
  };

  return {
    /** The token of a row's link at its current version. */
    token: (authSecret: string, row: Signed): string =>
      `${row.id}.${signature(authSecret, row.id, row.tokenVersion).toString("base64url")}`,
    idOf,
    /** Whether the token is this row's at its current version, compared in constant time. */
    matches: (authSecret: string, token: string, row: Signed): boolean => {
      if (idOf(token) !== row.id) return false;
      const given = Buffer.from(token.slice(token.indexOf(".") + 1), "base64url");
      const expected = signature(authSecret, row.id, row.tokenVersion);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

const seatLinks = linkTokens("rcl:rower-seat-link:v1");

/** The token of a seat's link at its current version. */
export const seatToken = seatLinks.token;
/** The seat a token names, or null when it is not a token's shape; says nothing of its signature. */
export const seatIdOf = seatLinks.idOf;
/** Whether the token is this seat's at its current version, compared in constant time. */
export const seatTokenMatches = seatLinks.matches;

const crewLinks = linkTokens("rcl:captain-crew-link:v1");

/** The token of a captain's crew link: the booking's id at its `captain_token_version`. */
export const crewToken = crewLinks.token;
/** The booking a crew token names, or null when it is not a token's shape. */
export const crewRegistrationIdOf = crewLinks.idOf;
/** Whether the token is this booking's crew link at its current captain version. */
export const crewTokenMatches = crewLinks.matches;

const stopReminderLinks = linkTokens("rcl:rower-reminders-stop:v1");

/**
 * The token of a seat's "stop reminders" link, at the seat's version like its own link: a
 * new address (a new person) ends it. A key of its own, so the link a mail's
 * `List-Unsubscribe` header hands to the recipient's mail provider opens no rower page.
 */
export const stopRemindersToken = stopReminderLinks.token;
/** The seat a stop-reminders token names, or null when it is not a token's shape. */
export const stopRemindersSeatIdOf = stopReminderLinks.idOf;
/** Whether the token is this seat's stop-reminders link at its current version. */
export const stopRemindersTokenMatches = stopReminderLinks.matches;
