/**
 * Errors nobody expected: logged at error level with their stack, and sent to Sentry
 * when SENTRY_DSN is set. Without it the Sentry client is neither loaded nor started,
 * so nothing leaves the process.
 */
import { currentRequestId, log, withoutQueryParams } from "./log";

type ErrorTracker = {
  capture(error: unknown, details: Record<string, string>): void;
  /** Sends what is still queued, waiting at most `timeoutMs`. */
  close(timeoutMs: number): Promise<void>;
};

/**
 * The host starts the tracker; route modules, bundled apart from the host, report
 * through the same one.
 */
const TRACKER = Symbol.for("rcl.errorTracker");
const shared = globalThis as typeof globalThis & { [TRACKER]?: ErrorTracker };

export type ErrorReportingOptions = {
  dsn?: string;
  /** NODE_ENV, so development errors can be told apart in the tracker. */
  environment: string;
};

/** Starts the error tracker when a DSN is given; resolves at once otherwise. */
export async function startErrorReporting({ dsn, environment }: ErrorReportingOptions): Promise<void> {
  if (!dsn || shared[TRACKER]) return;
  const Sentry = await import("@sentry/node");
  // Errors only: no tracing, no patched modules, no global handlers (the host has its
  // own, which log before they report), and none of the request's or the jobs' data.
  const client = Sentry.initWithoutDefaultIntegrations({
    dsn,
    environment,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
    },
    sendClientReports: false,
    // A failed query's message holds its parameters (tokens among them): see withoutQueryParams.
    beforeSend: (event) => {
      for (const exception of event.exception?.values ?? []) {
        if (exception.value) exception.value = withoutQueryParams(exception.value);
      }
      return event;
    },
    enableRuntimeChannelInjection: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.nodeContextIntegration(),
      Sentry.contextLinesIntegration(),
    ],
  });
  shared[TRACKER] = {
    capture: (error, details) => {
      Sentry.captureException(error, { tags: details });
    },
    close: async (timeoutMs) => {
      await client?.close(timeoutMs);
      // A closed client stays its scope's; a later start in this process (a restart, the
      // next test file) must begin without it.
      Sentry.getCurrentScope().setClient(undefined);
      shared[TRACKER] = undefined;
    },
  };
  log.info("Errors are reported to Sentry.");
}

/** Sends the reports still queued; for shutdown. */
export async function stopErrorReporting(timeoutMs = 2_000): Promise<void> {
  await shared[TRACKER]?.close(timeoutMs);
}

/**
 * Logs `error` with its stack under `message`, and reports it to the tracker with
 * `details` (and the request's id, when one is being served) as tags. `details` must
 * hold nothing secret: a path goes through loggedPath first.
 */
export function reportError(error: unknown, message: string, details: Record<string, string> = {}): void {
  log.error({ err: error, ...details }, message);
  trackError(error, details);
}

/**
 * Sends `error` to the tracker alone, with `details` and the request's id as tags: for an
 * error the caller has logged its own way, such as one a visitor's browser reported.
 */
export function trackError(error: unknown, details: Record<string, string> = {}): void {
  const requestId = currentRequestId();
  shared[TRACKER]?.capture(error, requestId ? { ...details, requestId } : details);
}

/**
 * An error no code caught ends the process, as Node would end it, but first it is
 * logged with its stack and reported.
 */
export function exitOnUncaughtErrors(): void {
  const crash = (error: unknown, message: string) => {
    reportError(error, message);
    void stopErrorReporting().finally(() => process.exit(1));
  };
  process.on("uncaughtException", (error) => crash(error, "Uncaught exception; the process ends."));
  process.on("unhandledRejection", (reason) =>
    crash(reason, "Unhandled promise rejection; the process ends."),
  );
}
