import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { PasswordHashing } from "#server/auth/auth";

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: object,
) => Promise<Buffer>;

// scrypt as better-auth runs it, at a sixteenth of its work factor (N 2^10, not 2^14): the
// tests that drive the site in-process sign up and sign in nearly a thousand times a run,
// and at full cost that was a seventh of the run's CPU. The built server and the browser
// tests keep better-auth's own hashing.
const OPTIONS = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    const key = await derive(password.normalize("NFKC"), salt, KEY_LENGTH, OPTIONS);
    return `${salt}:${key.toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) return false;
    const key = await derive(password.normalize("NFKC"), salt, KEY_LENGTH, OPTIONS);
    const expected = Buffer.from(stored, "hex");
    return expected.length === key.length && timingSafeEqual(expected, key);
  },
};
