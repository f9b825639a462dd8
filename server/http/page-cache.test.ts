import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseEncoding, hashedPolicy, pageKey } from "./page-cache";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});

describe("pageKey", () => {
  it("sorts the query and drops empty parameters", () => {
    expect(pageKey(new URL("https://rcl.test/events?type=indoor_rowing&q=row&when="))).toBe(
      "https://rcl.test/events?q=row&type=indoor_rowing",
    );
    expect(pageKey(new URL("https://rcl.test/events?"))).toBe("https://rcl.test/events");
  });

  it("holds no page for a query that names a parameter twice", () => {
    expect(pageKey(new URL("https://rcl.test/events?q=&q=row"))).toBeNull();
    expect(pageKey(new URL("https://rcl.test/events?page=2&page=3"))).toBeNull();
  });

  it("holds no page for an overlong query", () => {
    expect(pageKey(new URL(`https://rcl.test/events?q=${"x".repeat(300)}`))).toBeNull();
  });
});

describe("hashedPolicy", () => {
  const policy = "default-src 'self'; script-src 'self' 'nonce-abc=='; style-src 'self'";
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("replaces the nonce with the hash of each inline script the site rendered, once each", () => {
    const html =
      '<script nonce="m">one()</script><script type="module" nonce="m">two()</script>' +
      '<script src="/a.js" nonce="m"></script><script nonce="m">one()</script>';
    expect(hashedPolicy(policy, html, "m")).toBe(
      `default-src 'self'; script-src 'self' ${sha("one()")} ${sha("two()")}; style-src 'self'`,
    );
  });

  it("allows no script the site did not render: one in a partner's text has no marker", () => {
    const html =
      '<script nonce="m">one()</script><div><script>steal()</script><script nonce="x">b()</script></div>';
    expect(hashedPolicy(policy, html, "m")).toBe(
      `default-src 'self'; script-src 'self' ${sha("one()")}; style-src 'self'`,
    );
  });

  it("allows no inline script on a page without one", () => {
    expect(hashedPolicy(policy, "<urlset></urlset>", "m")).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'",
    );
  });
});
