import http from "node:http";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#server/db/schema";
import { DISCARD_LIMIT_BYTES } from "#server/http/body-limit";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { cookiesFrom, createAccount, lastMailTo, linkIn, postForm } from "../support/accounts";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { captureLogs } from "../support/logs";
import { serveSite, type ServedSite } from "../support/serve-site";

let site: TestSite;

beforeAll(async () => {
  // X-Forwarded-For picks the client address, so each test has its own rate limits.
  site = await createTestSite({ trustProxy: true });
});

afterAll(async () => {
  await site?.close();
});

/** Redirect targets that a browser would follow to another host, or that are no path at all. */
const OFF_SITE = [
  "//evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "https://evil.example",
  "HTTPS://evil.example/dashboard",
  `${TEST_BASE_URL}.evil.example/`,
  "javascript:alert(1)",
  "evil.example",
];

/** The redirect's target, resolved as a browser would resolve it on the site. */
function landing(response: Response): URL {
  return new URL(response.headers.get("location") ?? "", TEST_BASE_URL);
}

describe("redirect targets", () => {
  it.each(OFF_SITE)("verify-email never sends the browser to callbackURL=%j", async (target) => {
    const response = await site.request(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("location");
    expect(location).toBe("/dashboard?error=INVALID_TOKEN");
  });

  it("verify-email still follows a same-site path with its query", async () => {
    const response = await site.request(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("/dashboard/bookings?x=1")}`,
      { redirect: "manual" },
    );
    expect(response.headers.get("location")).toBe("/dashboard/bookings?x=1&error=INVALID_TOKEN");
  });

  it("a valid verification link with a forged callbackURL verifies and stays on the site", async () => {
    const email = "forged.callback@fjord.example";
    await postForm(site, "/signup", {
      firstName: "Forged",
      lastName: "Callback",
      email,
      company: "",
      password: "rowing-is-fun",
      confirmPassword: "rowing-is-fun",
      acceptTerms: "on",
    });
    const link = new URL(linkIn((await lastMailTo(site, email, "Verify your email address"))!.text));
    link.searchParams.set("callbackURL", "/.//evil.example");
    // A repeated parameter cannot sneak a second target past the check either.
    link.searchParams.append("callbackURL", "//evil.example");
    const response = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(cookiesFrom(response)).toContain("session_token");
    const [user] = await site.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it.each(["https://evil.example/reset", "/.//evil.example", "/\\evil.example"])(
    "a reset link with callbackURL=%j still lands on the site's reset page",
    async (target) => {
      const account = await createAccount(site);
      await postForm(site, "/forgot-password", { email: account.email });
      const link = new URL(
        linkIn((await lastMailTo(site, account.email, "Reset your Rethink Corporate Life password"))!.text),
      );
      expect(link.searchParams.get("callbackURL")).toBe(`${TEST_BASE_URL}/reset-password`);
      link.searchParams.set("callbackURL", target);
      const response = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      const to = landing(response);
      expect(to.origin).toBe(TEST_BASE_URL);
      expect(to.pathname).toBe("/reset-password");
      expect(to.searchParams.get("token")).toBeTruthy();
    },
  );

  it.each(OFF_SITE)("sign-in never follows redirectTo=%j off the site", async (target) => {
    const account = await createAccount(site);
    const signIn = await postForm(site, "/login", {
      email: account.email,
      password: account.password,
      redirectTo: target,
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/dashboard");
    // Already signed in, the login page sends the visitor on at once.
    const page = await site.request(`/login?redirectTo=${encodeURIComponent(target)}`, {
      headers: { Cookie: account.cookie },
      redirect: "manual",
    });
    expect(page.headers.get("location")).toBe("/dashboard");
  });

  it("sign-in follows a same-site redirectTo with its query", async () => {
    const account = await createAccount(site);
    const signIn = await postForm(site, "/login", {
      email: account.email,
      password: account.password,
      redirectTo: "/dashboard/bookings?x=1",
    });
    expect(signIn.headers.get("location")).toBe("/dashboard/bookings?x=1");
  });
});

describe("Content-Security-Policy and its reports", () => {
  let nextAddress = 0;
  /** Posts a report like a browser: no Origin, no cookies, from its own client address. */
  const report = (body: string, contentType: string, address = `203.0.113.${++nextAddress}`) =>
    site.request("/api/csp-report", {
      method: "POST",
      headers: { "Content-Type": contentType, "X-Forwarded-For": address },
      body,
    });

  const legacyReport = (documentUri: string) =>
    JSON.stringify({
      "csp-report": {
        "document-uri": documentUri,
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/x.js?session=abc",
        "source-file": `${TEST_BASE_URL}/events`,
        "line-number": 12,
        disposition: "enforce",
        "original-policy": "default-src 'self'; ".repeat(20),
      },
    });

  it("forbids <base> and names the report endpoint", async () => {
    const response = await site.request("/");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("base-uri 'self'");
    expect(policy).toContain("report-uri /api/csp-report");
    expect(policy).toContain("report-to csp");
    expect(response.headers.get("reporting-endpoints")).toBe(`csp="${TEST_BASE_URL}/api/csp-report"`);
  });

  it("forbids framing in both headers alike, on rendered, held and refused answers", async () => {
    // A page per request, a public page the cache holds (asked twice), a 404, a refused form.
    const answers = [
      await site.request("/contact"),
      await site.request("/terms"),
      await site.request("/terms"),
      await site.request("/no/such/page"),
      await site.request("/contact", { method: "POST", headers: { Origin: "https://evil.example" } }),
    ];
    expect(answers[2]?.headers.get("x-page-cache")).toBe("hit");
    expect(answers[4]?.status).toBe(403);
    for (const response of answers) {
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("allows scripts by nonce or hash alone, and inline styles only as ADR 019 says why", async () => {
    const policy = (await site.request("/contact")).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  });

  /** Runs `work` and returns the CSP lines it logged, and the raw log lines. */
  async function cspLogOf(work: () => Promise<void>): Promise<{ messages: string[]; raw: string }> {
    const logs = captureLogs("warn");
    try {
      await work();
    } finally {
      logs.stop();
    }
    const messages = logs
      .entries()
      .map((entry) => entry.msg)
      .filter((msg) => msg.startsWith("CSP violation"));
    return { messages, raw: logs.lines.join("") };
  }

  it("logs one short line per report, without queries, and needs no Origin", async () => {
    const { messages, raw } = await cspLogOf(async () => {
      const response = await report(
        legacyReport(`${TEST_BASE_URL}/reset-password?token=secret-reset-token`),
        "application/csp-report",
      );
      expect(response.status).toBe(204);
    });
    expect(messages).toEqual([
      `CSP violation: script-src-elem blocked https://evil.example/x.js on ${TEST_BASE_URL}/reset-password at ${TEST_BASE_URL}/events:12`,
    ]);
    expect(raw).not.toContain("secret-reset-token");
    expect(raw).not.toContain("session=abc");
    expect(raw).not.toContain("original");
  });

  it("hides an invitation's token in the page address, as the request log does", async () => {
    const { messages, raw } = await cspLogOf(async () => {
      const response = await report(
        legacyReport(`${TEST_BASE_URL}/invitations/secret-invitation-token`),
        "application/csp-report",
      );
      expect(response.status).toBe(204);
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`on ${TEST_BASE_URL}/invitations/[redacted]`);
    expect(raw).not.toContain("secret-invitation-token");
  });

  it("takes the Reporting API's batches, logging only CSP violations", async () => {
    const batch = [
      {
        type: "csp-violation",
        age: 10,
        url: `${TEST_BASE_URL}/events`,
        body: {
          documentURL: `${TEST_BASE_URL}/events`,
          effectiveDirective: "img-src",
          blockedURL: "https://tracker.example/pixel.gif",
          disposition: "report",
        },
      },
      { type: "deprecation", age: 5, url: `${TEST_BASE_URL}/`, body: { id: "x", message: "old API" } },
      {
        type: "csp-violation",
        body: {
          documentURL: `${TEST_BASE_URL}/`,
          effectiveDirective: "script-src-elem",
          blockedURL: "inline",
          lineNumber: 3,
        },
      },
    ];
    const { messages } = await cspLogOf(async () => {
      const response = await report(JSON.stringify(batch), "application/reports+json");
      expect(response.status).toBe(204);
    });
    expect(messages).toEqual([
      `CSP violation (report only): img-src blocked https://tracker.example/pixel.gif on ${TEST_BASE_URL}/events`,
      `CSP violation: script-src-elem blocked inline on ${TEST_BASE_URL}/`,
    ]);
  });

  it("logs at most ten reports of one batch", async () => {
    const one = { type: "csp-violation", body: { effectiveDirective: "img-src", blockedURL: "data" } };
    const { messages } = await cspLogOf(async () => {
      const response = await report(JSON.stringify(Array(25).fill(one)), "application/reports+json");
      expect(response.status).toBe(204);
    });
    expect(messages).toHaveLength(11);
    expect(messages.at(-1)).toBe("CSP violation: 15 more in the same report");
  });

  it("keeps control characters out of the log line", async () => {
    const forged = JSON.stringify({
      "csp-report": { "effective-directive": "img-src\nCSP violation: forged", "blocked-uri": "data" },
    });
    const { messages } = await cspLogOf(async () => {
      expect((await report(forged, "application/csp-report")).status).toBe(204);
    });
    expect(messages).toEqual(["CSP violation: img-src CSP violation: forged blocked data on -"]);
  });

  it.each([
    ["not JSON", "{{{", "application/csp-report", 400],
    ["JSON without a report", '{"hello":"world"}', "application/csp-report", 400],
    ["an empty batch", "[]", "application/reports+json", 400],
    ["a batch of strings", '["a", 1, null]', "application/reports+json", 400],
    [
      "a report with odd field types",
      '{"csp-report":{"blocked-uri":{"a":1},"line-number":"x"}}',
      "application/json",
      204,
    ],
    ["another content type", legacyReport(`${TEST_BASE_URL}/`), "text/plain", 415],
    ["an empty body", "", "application/csp-report", 400],
  ])("answers %s with a 4xx or 204, never a 500", async (_case, body, contentType, status) => {
    expect((await report(body, contentType)).status).toBe(status);
  });

  it("refuses a report body over 64 KB", async () => {
    const huge = JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(70 * 1024) } });
    expect((await report(huge, "application/csp-report")).status).toBe(413);
  });

  it("limits reports per client address with 429 and Retry-After, and logs none over the limit", async () => {
    const address = "203.0.113.250";
    for (let i = 0; i < 29; i += 1)
      await consumeNamedLimit(site.database.db, "cspReportsPerAddress", address);
    const body = legacyReport(`${TEST_BASE_URL}/`);
    const { messages } = await cspLogOf(async () => {
      expect((await report(body, "application/csp-report", address)).status).toBe(204);
      const refused = await report(body, "application/csp-report", address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });
    expect(messages).toHaveLength(1);
    // Another address is not affected.
    expect((await report(body, "application/csp-report", "203.0.113.251")).status).toBe(204);
  });
});

describe("session endpoints over HTTP", () => {
  const CLOSED = [
    "/api/auth/get-session",
    "/api/auth/list-sessions",
    "/api/auth/revoke-session",
    "/api/auth/revoke-sessions",
    "/api/auth/revoke-other-sessions",
    "/api/auth/sign-out",
    "/api/auth/list-accounts",
    "/api/auth/account-info",
    "/api/auth/get-access-token",
    "/api/auth/refresh-token",
    "/api/auth/delete-user/callback",
    "/api/auth/update-session",
  ];

  it.each(CLOSED)("%s answers 404 to GET and POST and gives away no token", async (path) => {
    const account = await createAccount(site);
    const [session] = await site.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    const headers = { Cookie: account.cookie, Origin: TEST_BASE_URL, "Content-Type": "application/json" };
    const get = await site.request(`${path}?token=${session!.token}`, { headers });
    // A forged redirect target in the query changes nothing either.
    const post = await site.request(`${path}?callbackURL=${encodeURIComponent("/.//evil.example")}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ token: session!.token }),
    });
    for (const response of [get, post]) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(session!.token);
    }
    // Nothing was revoked: the session still opens the dashboard.
    const dashboard = await site.request("/dashboard", {
      headers: { Cookie: account.cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
  });
});

describe("deleting one's account", () => {
  const PAGE = "/dashboard/profile";

  /** The message shown for a field: the element its input names in aria-describedby. */
  function fieldMessage(html: string, name: string): string | null {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
    const describedBy = input && /aria-describedby="([^"]+)"/.exec(input)?.[1];
    if (!describedBy) return null;
    for (const id of describedBy.split(" ")) {
      const message = new RegExp(`<p id="${id}"[^>]*>([^<]*)</p>`).exec(html)?.[1];
      if (message && /red/.test(new RegExp(`<p id="${id}"[^>]*>`).exec(html)![0])) return message;
    }
    return null;
  }

  it("refuses a wrong password next to its field, keeps the typed email and deletes nothing", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: account.email, password: "not-my-password" },
      account.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldMessage(html, "password")).toBe("Your password is not correct.");
    expect(html).toContain(`value="${account.email}"`);
    expect(html).not.toContain("not-my-password");
    expect(await site.database.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
    const dashboard = await site.request("/dashboard", {
      headers: { Cookie: account.cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
  });

  it("asks for the password when it is missing", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: account.email },
      account.cookie,
    );
    expect(response.status).toBe(400);
    expect(fieldMessage(await response.text(), "password")).toBe("Please enter your password");
    expect(await site.database.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
  });

  it("stops guessing the password after ten tries", async () => {
    const account = await createAccount(site);
    for (let i = 0; i < 10; i += 1) {
      const guess = await postForm(
        site,
        PAGE,
        { intent: "delete", confirmEmail: account.email, password: `guess-${i}` },
        account.cookie,
      );
      expect(guess.status).toBe(400);
    }
    const blocked = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: account.email, password: account.password },
      account.cookie,
    );
    expect(blocked.status).toBe(429);
    expect(await site.database.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
  });

  it("deletes the account with the right password", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: account.email, password: account.password },
      account.cookie,
    );
    expect(response.status).toBe(303);
    expect(await site.database.db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
  });
});

describe("413 on a keep-alive connection", () => {
  let served: ServedSite;
  let port: number;

  beforeAll(async () => {
    served = await serveSite(site, 0);
    port = Number(new URL(served.url).port);
  });

  afterAll(async () => {
    await served?.close();
  });

  type Exchange = { received: string; error: NodeJS.ErrnoException | null };

  /**
   * Writes `requests` on one raw connection and collects everything the server answers
   * until it closes the connection (or `idleMs` pass without a byte).
   */
  function exchange(requests: (Buffer | string)[], idleMs = 3000): Promise<Exchange> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      let error: NodeJS.ErrnoException | null = null;
      let idle: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(idle);
        socket.destroy();
        resolve({ received: Buffer.concat(chunks).toString("latin1"), error });
      };
      const waitIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(finish, idleMs);
      };
      socket.on("data", (chunk) => {
        chunks.push(chunk);
        waitIdle();
      });
      socket.on("error", (err) => {
        error = err;
      });
      socket.on("close", finish);
      socket.on("connect", () => {
        for (const request of requests) socket.write(request);
        waitIdle();
      });
    });
  }

  const origin = () => `http://127.0.0.1:${port}`;
  const oversizedPost = (size: number) =>
    Buffer.concat([
      Buffer.from(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin()}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`,
      ),
      Buffer.alloc(size, "a"),
    ]);
  const chunkedPost = (size: number) =>
    Buffer.concat([
      Buffer.from(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin()}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
      ),
      // In pieces of 64 KB, as a client streaming a body would send it.
      ...Array.from({ length: Math.ceil(size / 65536) }, () =>
        Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(65536, "a"), Buffer.from("\r\n")]),
      ),
      Buffer.from("0\r\n\r\n"),
    ]);
  const healthCheck = () => `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;

  // A response's body runs straight into the next status line, so no line anchors.
  const statusLines = (received: string) => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];

  it.each([
    ["a Content-Length of 2 MB", () => oversizedPost(2 * 1024 * 1024)],
    ["a Content-Length of 12 MB", () => oversizedPost(12 * 1024 * 1024)],
    ["a chunked body of 2 MB", () => chunkedPost(2 * 1024 * 1024)],
  ])("answers %s with 413 and then the next request on the same connection", async (_case, body) => {
    const { received, error } = await exchange([body(), healthCheck()]);
    expect(error).toBeNull();
    expect(statusLines(received)).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
    expect(received).toContain("This request is too large.");
    expect(received).toContain('"status":"ok"');
  });

  it("says Connection: close when the body is too large to be worth reading", async () => {
    // Only the head and a little of the body are sent: the answer must not wait for the rest.
    const head =
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin()}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${DISCARD_LIMIT_BYTES + 1}\r\n\r\n`;
    const { received, error } = await exchange([head, Buffer.alloc(1024, "a")]);
    expect(error).toBeNull();
    expect(statusLines(received)).toEqual(["HTTP/1.1 413"]);
    expect(received.toLowerCase()).toContain("connection: close");
  });

  it("lets a keep-alive client send its next request on the same socket after a 413", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; reused: boolean; text: string }>((resolve, reject) => {
        const request = http.request(
          { host: "127.0.0.1", port, method, path, agent, headers: body ? { Origin: origin() } : {} },
          (response) => {
            const parts: Buffer[] = [];
            response.on("data", (part: Buffer) => parts.push(part));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                reused: request.reusedSocket,
                text: Buffer.concat(parts).toString(),
              }),
            );
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    try {
      const refused = await send("POST", "/contact", Buffer.alloc(3 * 1024 * 1024, "a"));
      expect(refused.status).toBe(413);
      const next = await send("GET", "/healthz");
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
