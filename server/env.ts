import path from "node:path";
import { z } from "zod";

/** Raised for a bad configuration; the host prints its message alone, without a stack. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
    message: "must be a postgres:// or postgresql:// URL",
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  // 0 asks the system for any free port (used by tests).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
      message: "must be an smtp:// or smtps:// URL",
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  AUTH_SECRET: z.string().trim().min(32, { message: "must be at least 32 characters" }).optional(),
  /**
   * How many reverse proxies in front of the site append to X-Forwarded-For (a CDN and a
   * load balancer are 2). `true` is 1 and `false` is 0, as this variable was a yes/no before.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+)$/, {
      message: "must be true, false or how many proxies are in front of the site (0, 1, 2, …)",
    })
    .default("false")
    .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
  /** Mail workers in this instance (0: it only serves pages; see `npm run worker`). */
  WORKERS: z.coerce
    .number({ message: "must be a whole number from 0 to 32" })
    .int({ message: "must be a whole number from 0 to 32" })
    .min(0, { message: "must be a whole number from 0 to 32" })
    .max(32, { message: "must be a whole number from 0 to 32" })
    .default(2),
  /** The public address, for canonical URLs, sitemaps and links in mail. */
  BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "BASE_URL"> & { dataDir: string; baseUrl: string };

/** Reads the environment once at boot; a wrong value names its variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= cmd` usage.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable ${lines.join("; ")}`);
  }
  const { BASE_URL, ...values } = result.data;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    baseUrl: BASE_URL ?? `http://localhost:${values.PORT}`,
  };
}
