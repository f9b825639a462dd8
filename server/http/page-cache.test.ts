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

  it("holds no page for an overlong query", () => {
    expect(pageKey(new URL(`https://rcl.test/events?q=${"x".repeat(300)}`))).toBeNull();
  });
});

describe("hashedPolicy", () => {
  const policy = "default-src 'self'; script-src 'self' 'nonce-abc=='; style-src 'self'";
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("replaces the nonce with the hash of every inline script, once each", () => {
    const html =
      '<script>one()</script><script type="module">two()</script><script src="/a.js"></script><script>one()</script>';
    expect(hashedPolicy(policy, html)).toBe(
      `default-src 'self'; script-src 'self' ${sha("one()")} ${sha("two()")}; style-src 'self'`,
    );
  });

  it("allows no inline script on a page without one", () => {
    expect(hashedPolicy(policy, "<urlset></urlset>")).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'",
    );
  });
});
