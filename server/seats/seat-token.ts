import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { isUuid } from "~/lib/ids";

/**
 * A rower's link token (ADR 038): `<seat id>.<signature>`, the signature an HMAC-SHA-256 of
 * the seat id and its `token_version` under a key derived from the auth secret. Nothing
 * secret is stored: a reminder sends the same link again, raising the version ends every
 * link sent before, and rotating the auth secret ends them all.
 */

/** The key's purpose, so no other use of the auth secret can make a valid link. */
const KEY_LABEL = "rcl:rower-seat-link:v1";

/** 32 bytes of signature in base64url. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const keys = new Map<string, Buffer>();

function linkKey(authSecret: string): Buffer {
  let key = keys.get(authSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", authSecret, "", KEY_LABEL, 32));
    keys.set(authSecret, key);
  }
  return key;
}

function signature(authSecret: string, seatId: string, tokenVersion: number): Buffer {
  return createHmac("sha256", linkKey(authSecret)).update(`${seatId}:${tokenVersion}`).digest();
}

/** The token of a seat's link at its current version. */
export function seatToken(authSecret: string, seat: { id: string; tokenVersion: number }): string {
  return `${seat.id}.${signature(authSecret, seat.id, seat.tokenVersion).toString("base64url")}`;
}

/** The seat a token names, or null when it is not a token's shape; says nothing of its signature. */
export function seatIdOf(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 100) return null;
  const dot = token.indexOf(".");
  const seatId = token.slice(0, dot);
  if (dot < 0 || !isUuid(seatId) || !SIGNATURE.test(token.slice(dot + 1))) return null;
  return seatId.toLowerCase();
}

/** Whether the token is this seat's at its current version, compared in constant time. */
export function seatTokenMatches(
  authSecret: string,
  token: string,
  seat: { id: string; tokenVersion: number },
): boolean {
  if (seatIdOf(token) !== seat.id) return false;
  const given = Buffer.from(token.slice(token.indexOf(".") + 1), "base64url");
  const expected = signature(authSecret, seat.id, seat.tokenVersion);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
