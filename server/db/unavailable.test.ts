import { APIError } from "better-auth/api";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { databaseUnavailability, isDatabaseUnavailable } from "./unavailable";

/** An error from PostgreSQL itself, with its SQLSTATE, as pg makes it. */
function serverError(message: string, code: string): DatabaseError {
  const error = new DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** A socket error as Node makes it. */
function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe("databaseUnavailability", () => {
  it("calls a pool with no connection free, or a server out of connections, busy", () => {
    const waited = new Error("timeout exceeded when trying to connect");
    expect(databaseUnavailability(waited)).toBe("busy");
    expect(databaseUnavailability(new DrizzleQueryError("select 1", [], waited))).toBe("busy");
    expect(databaseUnavailability(serverError("sorry, too many clients already", "53300"))).toBe("busy");
  });

  it("calls a refused, dropped or stopping server unreachable", () => {
    expect(databaseUnavailability(socketError("ECONNREFUSED"))).toBe("unreachable");
    expect(databaseUnavailability(socketError("ECONNRESET"))).toBe("unreachable");
    expect(databaseUnavailability(socketError("ENOTFOUND"))).toBe("unreachable");
    expect(databaseUnavailability(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    const stopping = serverError("terminating connection due to administrator command", "57P01");
    expect(databaseUnavailability(stopping)).toBe("unreachable");
    expect(databaseUnavailability(serverError("the database system is starting up", "57P03"))).toBe(
      "unreachable",
    );
    expect(databaseUnavailability(serverError("connection failure", "08006"))).toBe("unreachable");
    // Node tries every address of "localhost" and reports all of them at once.
    const everyAddress = new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")]);
    expect(databaseUnavailability(everyAddress)).toBe("unreachable");
  });

  it("calls a statement timeout and a slow new connection a timeout", () => {
    const statement = serverError("canceling statement due to statement timeout", "57014");
    expect(databaseUnavailability(new DrizzleQueryError("select 1", [], statement))).toBe("timeout");
    const connecting = new Error("Connection terminated due to connection timeout", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    expect(databaseUnavailability(connecting)).toBe("timeout");
  });

  it("finds the cause behind better-auth's 'Failed to get session'", () => {
    const failed = APIError.from(
      "INTERNAL_SERVER_ERROR",
      { code: "FAILED_TO_GET_SESSION", message: "Failed to get session" },
      { cause: new DrizzleQueryError("select …", [], socketError("ECONNREFUSED")) },
    );
    expect(databaseUnavailability(failed)).toBe("unreachable");
  });

  it("leaves every other failure alone", () => {
    expect(isDatabaseUnavailable(new Error('relation "users" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('relation "users" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(serverError("duplicate key value", "23505"))).toBe(false);
    expect(
      isDatabaseUnavailable(new DrizzleQueryError("select 1", [], serverError("deadlock detected", "40P01"))),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed to get session"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("no such file"), { code: "ENOENT" }))).toBe(false);
    expect(isDatabaseUnavailable("timeout exceeded when trying to connect")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("stops following causes that loop", () => {
    const looped: Error & { cause?: unknown } = new Error("outer");
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
  });
});
