import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import type { LoadContext } from "#server/context";
import { databaseUnavailability } from "#server/db/unavailable";
import { lookUpViewer } from "./viewer";

/** better-auth's answer to a session query that failed, without the database's error. */
const failedToGetSession = () =>
  APIError.from("INTERNAL_SERVER_ERROR", { code: "FAILED_TO_GET_SESSION", message: "Failed to get session" });

/** A request with a session cookie, so the lookup reaches better-auth. */
const signedInRequest = () =>
  new Request("https://rcl.test/dashboard", { headers: { Cookie: "rcl.session_token=token.signature" } });

/** Just what the session lookup uses: better-auth's getSession, and the database for the probe. */
function contextWith(getSession: () => Promise<never>, probe: () => Promise<unknown>): LoadContext {
  return {
    auth: { api: { getSession }, sessionCookie: () => null },
    db: { execute: probe },
  } as unknown as LoadContext;
}

describe("lookUpViewer when better-auth cannot get the session", () => {
  it("asks the database, and a database that cannot answer makes it an outage (503), not a failure", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const context = contextWith(
      () => Promise.reject(failedToGetSession()),
      () => Promise.reject(refused),
    );
    const failure = await lookUpViewer(signedInRequest(), context).catch((error: unknown) => error);
    expect(failure).toBe(refused);
    expect(databaseUnavailability(failure)).toBe("unreachable");
  });

  it("keeps better-auth's own error when the database answers: a real failure", async () => {
    const failed = failedToGetSession();
    let probed = 0;
    const context = contextWith(
      () => Promise.reject(failed),
      async () => {
        probed += 1;
        return { rows: [{ "?column?": 1 }] };
      },
    );
    await expect(lookUpViewer(signedInRequest(), context)).rejects.toBe(failed);
    expect(probed).toBe(1);
  });

  it("needs no probe when the error already names the database's", async () => {
    const busy = new Error("timeout exceeded when trying to connect");
    let probed = 0;
    const context = contextWith(
      () => Promise.reject(busy),
      async () => {
        probed += 1;
      },
    );
    await expect(lookUpViewer(signedInRequest(), context)).rejects.toBe(busy);
    expect(probed).toBe(0);
  });
});
