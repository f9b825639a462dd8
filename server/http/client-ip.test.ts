import { describe, expect, it } from "vitest";
import { forwardedClientIp } from "./client-ip";

describe("forwardedClientIp", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(forwardedClientIp("203.0.113.7", 0)).toBeUndefined();
  });

  it("takes the entry the one trusted proxy appended, whatever the client wrote before it", () => {
    expect(forwardedClientIp("10.9.9.9, 203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("counts N proxies from the right", () => {
    const header = "198.51.100.1, 203.0.113.7, 10.0.0.2, 10.0.0.3";
    expect(forwardedClientIp(header, 2)).toBe("10.0.0.2");
    expect(forwardedClientIp(header, 3)).toBe("203.0.113.7");
  });

  it("takes the leftmost entry when the request passed fewer proxies than trusted", () => {
    expect(forwardedClientIp("203.0.113.7, 10.0.0.2", 3)).toBe("203.0.113.7");
  });

  it("falls back to the socket when the header is missing or empty", () => {
    expect(forwardedClientIp(undefined, 1)).toBeUndefined();
    expect(forwardedClientIp(" , ", 2)).toBeUndefined();
  });
});
