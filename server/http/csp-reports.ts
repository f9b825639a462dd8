import type { Context } from "hono";
import * as z from "zod/mini";
import type { Database } from "#server/db/client";
import { log } from "#server/log";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { loggable } from "./loggable";

/** Where browsers send Content-Security-Policy violations (`report-uri`, `report-to`). */
export const CSP_REPORT_PATH = "/api/csp-report";
/** The `report-to` group name, declared in the Reporting-Endpoints header. */
export const CSP_REPORT_GROUP = "csp";
/** A browser's report is a few hundred bytes; a batch of them fits many times over. */
export const CSP_REPORT_BODY_BYTES = 64 * 1024;

/** Reports logged from one request; a batch beyond that is only counted. */
const MAX_LOGGED_PER_REQUEST = 10;

/** `report-uri`: one report, under "csp-report", with hyphenated names. */
const legacyReport = z.object({
  "csp-report": z.object({
    "document-uri": z.optional(z.unknown()),
    "effective-directive": z.optional(z.unknown()),
    "violated-directive": z.optional(z.unknown()),
    "blocked-uri": z.optional(z.unknown()),
    "source-file": z.optional(z.unknown()),
    "line-number": z.optional(z.unknown()),
    disposition: z.optional(z.unknown()),
  }),
});

/** The Reporting API (`report-to`): a list of reports of several types, in camel case. */
const reportingApiReport = z.object({
  type: z.string(),
  body: z.optional(
    z.object({
      documentURL: z.optional(z.unknown()),
      effectiveDirective: z.optional(z.unknown()),
      blockedURL: z.optional(z.unknown()),
      sourceFile: z.optional(z.unknown()),
      lineNumber: z.optional(z.unknown()),
      disposition: z.optional(z.unknown()),
    }),
  ),
});

type Violation = {
  directive: unknown;
  blocked: unknown;
  document: unknown;
  source: unknown;
  line: unknown;
  disposition: unknown;
};

const ACCEPTED_TYPES = new Set(["application/csp-report", "application/reports+json", "application/json"]);

/** The violations in a report body of either format; an empty list when it holds none. */
function violationsIn(payload: unknown): Violation[] {
  const legacy = legacyReport.safeParse(payload);
  if (legacy.success) {
    const report = legacy.data["csp-report"];
    return [
      {
        directive: report["effective-directive"] ?? report["violated-directive"],
        blocked: report["blocked-uri"],
        document: report["document-uri"],
        source: report["source-file"],
        line: report["line-number"],
        disposition: report.disposition,
      },
    ];
  }
  if (!Array.isArray(payload)) return [];
  return payload.flatMap((entry) => {
    const report = reportingApiReport.safeParse(entry);
    if (!report.success || report.data.type !== "csp-violation" || !report.data.body) return [];
    const body = report.data.body;
    return [
      {
        directive: body.effectiveDirective,
        blocked: body.blockedURL,
        document: body.documentURL,
        source: body.sourceFile,
        line: body.lineNumber,
        disposition: body.disposition,
      },
    ];
  });
}

function logLine(violation: Violation): string {
  const where = loggable(violation.source);
  const line = loggable(violation.line);
  const mode = violation.disposition === "report" ? " (report only)" : "";
  return (
    `CSP violation${mode}: ${loggable(violation.directive)} blocked ${loggable(violation.blocked)} ` +
    `on ${loggable(violation.document)}${where === "-" ? "" : ` at ${where}${line === "-" ? "" : `:${line}`}`}`
  );
}

/**
 * Receives the violation reports browsers send under the site's Content-Security-Policy
 * and logs one short line for each, so an operator sees an injected script or a policy
 * that blocks the site's own pages. The body is never logged as it came; addresses lose
 * their query. Limited per client address, so nobody can fill the log.
 */
export async function receiveCspReport(c: Context, db: Database, clientIp: string): Promise<Response> {
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ACCEPTED_TYPES.has(mediaType)) {
    return c.text("Send a report as application/csp-report or application/reports+json.", 415);
  }
  const limit = await consumeNamedLimit(db, "cspReportsPerAddress", clientIp);
  if (!limit.allowed) {
    return c.text("Too many reports.", 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await c.req.text());
  } catch {
    return c.text("The report is not valid JSON.", 400);
  }
  const violations = violationsIn(payload);
  if (violations.length === 0) return c.text("The body holds no CSP violation report.", 400);
  for (const violation of violations.slice(0, MAX_LOGGED_PER_REQUEST)) log.warn(logLine(violation));
  if (violations.length > MAX_LOGGED_PER_REQUEST) {
    log.warn(`CSP violation: ${violations.length - MAX_LOGGED_PER_REQUEST} more in the same report`);
  }
  return c.body(null, 204);
}
