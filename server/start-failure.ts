import { ConfigError } from "./env";
import { reportError, stopErrorReporting } from "./error-reporting";

/**
 * Ends the process when `starting` fails. A configuration the operator must fix is one
 * plain line on stderr, whatever the log's format: LOG_LEVEL may be the very setting
 * that is wrong. Anything else is logged with its stack and reported.
 */
export function exitOnStartFailure(starting: Promise<void>): Promise<void> {
  return starting.catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`Error: ${error.message}\n`);
    } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      process.stderr.write(`Error: the port is already in use (${(error as Error).message}).\n`);
    } else {
      reportError(error, "The server could not start.");
    }
    return stopErrorReporting().finally(() => process.exit(1));
  });
}
