import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, type Env } from "#server/env";

/**
 * The key that signs session cookies. Deployments set AUTH_SECRET; the embedded demo
 * creates one on first start and keeps it in DATA_DIR, so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL) {
    throw new ConfigError("AUTH_SECRET must be set (32 characters or more) when DATABASE_URL is used.");
  }
  const file = path.join(env.dataDir, "auth-secret");
  try {
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ConfigError(`DATA_DIR ${env.dataDir} cannot be written (${code}).`);
  }
}
