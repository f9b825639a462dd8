/**
 * The server's one logger (pino): a JSON object per line on stdout, for a log collector,
 * or readable lines (pino-pretty) when stdout is a terminal. Every line written while a
 * request is served carries that request's id (see ./http/request-log.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger } from "pino";
import type PinoPretty from "pino-pretty";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What every line written while serving one request carries. */
export type RequestLogContext = { requestId: string };

/** Where the lines go: each call gets one JSON line, newline included. */
export type LogOutput = { write(line: string): void };

/**
 * Fields that may hold a secret, wherever a caller puts them: a logged object, its
 * headers, or one level below (`{ body: { password } }`). They are written as
 * "[redacted]"; the request line itself never logs headers or bodies at all.
 */
const SECRET_KEYS = [
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
];
const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `headers.${key}`, `*.headers.${key}`]),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

/**
 * A failed query's text without its parameters. Drizzle writes them into the error's
 * message (`Failed query: … params: …`) and keeps them as `params`; better-auth looks
 * sessions and verification tokens up by value, so they would put live tokens in the
 * log and in the error tracker.
 */
export function withoutQueryParams(text: string): string {
  // The line only, so the stack frames below it stay; a cause's copy is replaced too.
  return text.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
}

type SerializedError = { message?: unknown; stack?: unknown; params?: unknown; cause?: unknown };

/** pino's error serializer, then each error in the cause chain without query parameters. */
function serializeError(error: Error): SerializedError {
  const scrub = (serialized: SerializedError): SerializedError => {
    const { params: _params, ...rest } = serialized;
    const text = (value: unknown) => (typeof value === "string" ? withoutQueryParams(value) : value);
    return {
      ...rest,
      message: text(rest.message),
      stack: text(rest.stack),
      ...(rest.cause && typeof rest.cause === "object" ? { cause: scrub(rest.cause) } : {}),
    };
  };
  return scrub(pino.stdSerializers.err(error));
}

type LogState = {
  logger: Logger;
  /** The per-request line's logger: the same output and fields, without redaction (see `logRequestLine`). */
  requestLines: Logger;
  requests: AsyncLocalStorage<RequestLogContext>;
  output: LogOutput;
};

/**
 * The host and the React Router build each bundle this module, and both log while one
 * request is served: they must share one logger, one request context and one output.
 */
const STATE = Symbol.for("rcl.log");
const shared = globalThis as typeof globalThis & { [STATE]?: LogState };

/** The parts of an output stream that decide how lines are written to it. */
type OutputStream = { isTTY?: boolean; hasColors?(): boolean };

/**
 * A terminal gets readable lines, coloured when it shows colour (Node's rules: NO_COLOR,
 * FORCE_COLOR, TERM=dumb); anything else (a pipe, a file, a container's log) gets JSON,
 * which never holds colour codes, whatever TERM says.
 */
export function logFormatFor(stream: OutputStream): "json" | "pretty" | "pretty-colour" {
  if (!stream.isTTY) return "json";
  return stream.hasColors?.() ? "pretty-colour" : "pretty";
}

/** Writes are synchronous, so a line written just before the process exits is not lost. */
function stdoutOutput(): DestinationStream {
  const format = logFormatFor(process.stdout);
  if (format === "json") return pino.destination({ dest: 1, sync: true });
  // Loaded only for a terminal: a deployment logs JSON, and each of its processes is spared
  // loading the formatter at start (ADR 026). The logger is made synchronously, so require.
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pretty({
    colorize: format === "pretty-colour",
    destination: 1,
    sync: true,
    translateTime: "SYS:HH:MM:ss.l",
    // The request line's message already says what these fields hold.
    ignore: "pid,hostname,requestId,method,path,status,durationMs",
    messageFormat: "{if requestId}[{requestId}] {end}{msg}",
  });
}

function createState(): LogState {
  const requests = new AsyncLocalStorage<RequestLogContext>();
  const state: LogState = {
    requests,
    output: stdoutOutput(),
    logger: undefined as unknown as Logger,
    requestLines: undefined as unknown as Logger,
  };
  state.logger = pino(
    {
      level: "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("level":"warn") rather than pino's numbers, for people reading raw lines.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError },
      // A new object each time: pino merges the line's own fields into what this returns.
      mixin: () => {
        const context = requests.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    // Looked up on every line, so a test can redirect the output of a logger made earlier.
    { write: (line: string) => state.output.write(line) },
  );
  state.requestLines = state.logger.child({}, { redact: [] });
  return state;
}

const state = (shared[STATE] ??= createState());

/** The logger. Pass an error as `err` (`log.error({ err }, "…")`) to get its stack. */
export const log: Logger = state.logger;

/** Sets the level from LOG_LEVEL (validated in ../env.ts); "silent" writes nothing. */
export function setLogLevel(level: LogLevel): void {
  state.logger.level = level;
  // A child keeps the level it was made with.
  state.requestLines.level = level;
}

/** What the log says of each request served. */
export type RequestLine = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  seconds: number;
  /** The visitor left before the answer (status 499). */
  aborted?: boolean;
};

/**
 * One line per request, with its method, path (already stripped of secrets), status,
 * duration and id. Its fields are the site's own, never a header or a body, so it skips
 * the redaction every other line gets: that took ten times as long as the line itself,
 * on every request.
 */
export function logRequestLine({ requestId, method, path, status, seconds, aborted }: RequestLine): void {
  const durationMs = Math.round(seconds * 10_000) / 10;
  // A failure is logged apart, with its stack, at error level; this line only counts it.
  const level = status >= 500 ? "warn" : "info";
  if (aborted) {
    state.requestLines[level](
      { requestId, method, path, status, durationMs, aborted },
      `${method} ${path} ${status} in ${durationMs} ms: the visitor left before the answer`,
    );
    return;
  }
  state.requestLines[level](
    { requestId, method, path, status, durationMs },
    `${method} ${path} ${status} in ${durationMs} ms`,
  );
}

/** Sends the lines somewhere else (tests read them); returns the output it replaced. */
export function setLogOutput(output: LogOutput): LogOutput {
  const previous = state.output;
  state.output = output;
  return previous;
}

/** Runs `work` with every line it logs, even after an await, carrying `context`. */
export function withRequestLogContext<T>(context: RequestLogContext, work: () => T): T {
  return state.requests.run(context, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return state.requests.getStore()?.requestId;
}
