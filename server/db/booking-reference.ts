import { randomInt } from "node:crypto";

/** Crockford's base-32 digits: no I, L, O or U, so a reference read aloud is not misheard. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A short, human-readable booking reference such as RCL-7K3Q9P. 32^6 (about a billion)
 * codes make a clash unlikely; the unique index turns the rare clash into a failed insert
 * rather than two bookings sharing a code.
 */
export function newBookingReference(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `RCL-${code}`;
}
