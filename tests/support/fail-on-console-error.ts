import { afterEach, beforeEach, vi } from "vitest";
import { LOG_LEVELS, setLogLevel, setLogOutput, type LogLevel } from "#server/log";

// The server's log lines go to the console by level, so an error line counts as a
// console.error below, and a test that expects a warning or an error can spy on the
// console as before. Below warn they would drown the test output; LOG_LEVEL=debug (or
// info) shows them.
const wanted = process.env.LOG_LEVEL?.toLowerCase();
setLogLevel(LOG_LEVELS.includes(wanted as LogLevel) ? (wanted as LogLevel) : "warn");
setLogOutput({
  write(line) {
    const { level } = JSON.parse(line) as { level: LogLevel };
    const text = line.trimEnd();
    if (level === "error" || level === "fatal") console.error(text);
    else if (level === "warn") console.warn(text);
    else console.log(text);
  },
});

// An unexpected console.error is a bug; a test that expects one spies on it itself.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  const logged = errors;
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    throw new Error(
      `console.error was called:\n${logged.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});
