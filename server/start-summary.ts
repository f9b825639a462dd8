import { DEMO_PASSWORD } from "./db/seed/demo-accounts";

/**
 * What every start prints once the site listens, and nothing more: where to open it,
 * which database it uses, how many processes serve it and, when the demo accounts
 * exist, how to sign in with them. Plain text, as it often ends up in a log file.
 */
export function startSummary({
  url,
  database,
  demoAccounts,
  processes,
}: {
  url: string;
  /** The database's own description (DatabaseHandle.description), without a password. */
  database: string;
  demoAccounts: readonly string[];
  /** How many processes serve the site, when that is worth a line (see ./cluster.ts). */
  processes?: string;
}): string {
  const lines = [`RCL is listening on ${url}`, `Database: ${database}`];
  if (processes) lines.push(processes);
  if (demoAccounts.length > 0) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}): ${demoAccounts.join(", ")}`);
  }
  return lines.join("\n");
}

/** The address to open: the listening host, or localhost when it listens on every interface. */
export function localUrl(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::") return `http://localhost:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
