import { ConfigError } from "./env";

/**
 * Runs a command-line task: a configuration problem prints one line and exits 1,
 * anything unexpected keeps its stack for the developer.
 */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? `Error: ${error.message}` : error);
      process.exit(1);
    },
  );
}
