import { log, setLogLevel, setLogOutput, type LogLevel } from "#server/log";

/** One line of the server's log, as written. */
type LogEntry = {
  level: LogLevel;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
};

/**
 * Records every line the server logs at `level` or above until `stop`, as JSON text and
 * parsed; the lines still reach the usual output (the console, in tests).
 */
export function captureLogs(level: LogLevel = "info") {
  const lines: string[] = [];
  const previousLevel = log.level as LogLevel;
  const previous = setLogOutput({
    write(line) {
      lines.push(line);
      previous.write(line);
    },
  });
  setLogLevel(level);
  return {
    /** The raw lines, for checks that no secret appears anywhere in them. */
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
    stop() {
      setLogOutput(previous);
      setLogLevel(previousLevel);
    },
  };
}
