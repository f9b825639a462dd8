import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedCookieValue } from "./session-cookie";

const SECRET = "a-secret-of-the-site-long-enough-for-hmac";
const NAME = "__Host-rcl.session_token";

/** A cookie as better-auth sets it: the token, a dot and its signature, URL-encoded. */
const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

describe("signedCookieValue", () => {
  it("gives the token of a cookie signed with the secret, among other cookies", () => {
    const header = `theme=dark; ${NAME}=${signed("tok3nABC")}; other=1`;
    expect(signedCookieValue(header, NAME, SECRET)).toBe("tok3nABC");
  });

  it("refuses a cookie signed with another secret, or changed, or cut", () => {
    const good = signed("tok3nABC");
    expect(signedCookieValue(`${NAME}=${signed("tok3nABC", "another-secret")}`, NAME, SECRET)).toBeNull();
    expect(signedCookieValue(`${NAME}=${good.replace("tok3nABC", "tok3nABD")}`, NAME, SECRET)).toBeNull();
    expect(signedCookieValue(`${NAME}=${good.slice(0, -6)}`, NAME, SECRET)).toBeNull();
    expect(signedCookieValue(`${NAME}=tok3nABC`, NAME, SECRET)).toBeNull();
  });

  it("refuses a signature better-auth would not read: base64url, or with junk base64 ignores", () => {
    const signature = createHmac("sha256", SECRET).update("tok3nABC").digest("base64");
    const urlSafe = createHmac("sha256", SECRET).update("tok3nABC").digest("base64url");
    expect(
      signedCookieValue(`${NAME}=${encodeURIComponent(`tok3nABC.${urlSafe}`)}`, NAME, SECRET),
    ).toBeNull();
    expect(
      signedCookieValue(`${NAME}=${encodeURIComponent(`tok3nABC.${signature}!!`)}`, NAME, SECRET),
    ).toBeNull();
  });

  it("reads only the cookie of that exact name, the first one, and nothing from a bad escape", () => {
    expect(signedCookieValue(`rcl.session_token=${signed("plain")}`, NAME, SECRET)).toBeNull();
    expect(signedCookieValue(`${NAME}=${signed("first")}; ${NAME}=${signed("second")}`, NAME, SECRET)).toBe(
      "first",
    );
    expect(signedCookieValue(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
    expect(signedCookieValue(null, NAME, SECRET)).toBeNull();
  });
});
