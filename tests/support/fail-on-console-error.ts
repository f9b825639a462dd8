import { afterEach, beforeEach, vi } from "vitest";

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
