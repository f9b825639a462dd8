import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { forwardedOrigin, validHost, withForwardedOrigin } from "./forwarded-origin";

describe("forwardedOrigin", () => {
  const behindProxy = {
    host: "10.0.0.5:3000",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "rcl.dk",
  };

  it("changes nothing when no proxy is trusted", () => {
    expect(forwardedOrigin(behindProxy, 0, false)).toBeUndefined();
  });

  it("takes the scheme and host the trusted proxy reports", () => {
    expect(forwardedOrigin(behindProxy, 1, false)).toEqual({ protocol: "https", host: "rcl.dk" });
  });

  it("takes the entries the trusted proxy wrote, not those the client put before them", () => {
    const headers = {
      host: "10.0.0.5:3000",
      "x-forwarded-proto": "http, https",
      "x-forwarded-host": "evil.example, rcl.dk",
    };
    expect(forwardedOrigin(headers, 1, false)).toEqual({ protocol: "https", host: "rcl.dk" });
  });

  it("counts N proxies from the right, as for X-Forwarded-For", () => {
    const headers = {
      host: "app:3000",
      "x-forwarded-proto": "http, https, http",
      "x-forwarded-host": "evil.example, rcl.dk, lb.internal",
    };
    expect(forwardedOrigin(headers, 2, false)).toEqual({ protocol: "https", host: "rcl.dk" });
    // Fewer entries than proxies: the leftmost, written by a trusted proxy.
    expect(forwardedOrigin({ host: "app", "x-forwarded-proto": "https" }, 3, false)).toEqual({
      protocol: "https",
      host: "app",
    });
  });

  it("keeps the port a proxy reports, and lower-cases the host", () => {
    const headers = { host: "app", "x-forwarded-proto": "HTTPS", "x-forwarded-host": "RCL.dk:8443" };
    expect(forwardedOrigin(headers, 1, false)).toEqual({ protocol: "https", host: "rcl.dk:8443" });
  });

  it("uses the Host header and the connection's scheme for what the proxy does not report", () => {
    expect(forwardedOrigin({ host: "rcl.dk", "x-forwarded-proto": "https" }, 1, false)).toEqual({
      protocol: "https",
      host: "rcl.dk",
    });
    expect(forwardedOrigin({ host: "rcl.dk", "x-forwarded-host": "www.rcl.dk" }, 1, true)).toEqual({
      protocol: "https",
      host: "www.rcl.dk",
    });
  });

  it("ignores a scheme other than http or https", () => {
    for (const proto of ["javascript", "ftp", "https:", "https://rcl.dk", ""]) {
      const headers = { host: "rcl.dk", "x-forwarded-proto": proto };
      expect(forwardedOrigin(headers, 1, false), proto).toEqual({ protocol: "http", host: "rcl.dk" });
    }
  });

  it("ignores a forwarded host that is not a host", () => {
    for (const forged of [
      "evil.example/path",
      "user@evil.example",
      "evil.example:99999",
      "evil example",
      "evil.example\\x",
      "[::1",
      "-",
    ]) {
      const headers = { host: "rcl.dk", "x-forwarded-proto": "https", "x-forwarded-host": forged };
      expect(forwardedOrigin(headers, 1, false), forged).toEqual({ protocol: "https", host: "rcl.dk" });
    }
  });

  it("reports nothing when no valid host is known at all", () => {
    expect(forwardedOrigin({ "x-forwarded-proto": "https" }, 1, false)).toBeUndefined();
    expect(forwardedOrigin({ host: "a/b", "x-forwarded-host": "c d" }, 1, false)).toBeUndefined();
  });
});

describe("validHost", () => {
  it("accepts names, addresses and ports", () => {
    expect(validHost("rcl.dk")).toBe("rcl.dk");
    expect(validHost("127.0.0.1:3000")).toBe("127.0.0.1:3000");
    expect(validHost("[::1]:8443")).toBe("[::1]:8443");
    expect(validHost("app_1.internal")).toBe("app_1.internal");
  });

  it("refuses the rest", () => {
    for (const value of [undefined, "", "rcl.dk:0", "rcl..dk", "rcl.dk?x", "rcl.dk#x", "a".repeat(300)]) {
      expect(validHost(value), String(value)).toBeUndefined();
    }
  });
});

describe("withForwardedOrigin", () => {
  /** The URL a request listener sees after the wrapper, for a request sent with `headers`. */
  async function urlSeen(trustedProxies: number, target: string, headers: Record<string, string>) {
    let seen: string | undefined;
    const server = http.createServer(
      withForwardedOrigin((req, res) => {
        seen = req.url;
        res.end();
      }, trustedProxies),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve, reject) => {
        http
          .request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
            res.resume();
            res.on("end", resolve);
          })
          .on("error", reject)
          .end();
      });
    } finally {
      server.close();
    }
    return seen;
  }

  const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "rcl.dk" };

  it("gives the listener the visitor's URL behind a trusted proxy", async () => {
    expect(await urlSeen(1, "/login?redirectTo=%2Fdashboard", forwarded)).toBe(
      "https://rcl.dk/login?redirectTo=%2Fdashboard",
    );
  });

  it("keeps only the path of an absolute request target", async () => {
    expect(await urlSeen(1, "http://evil.example/contact?x=1", forwarded)).toBe("https://rcl.dk/contact?x=1");
  });

  it("leaves the request alone without trusted proxies", async () => {
    expect(await urlSeen(0, "/login", forwarded)).toBe("/login");
  });
});
