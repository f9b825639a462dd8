import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./log";
import type { StorageConfig } from "./storage/file-store";

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

/** A whole number of milliseconds within [min, max], with one message naming the range. */
function milliseconds(min: number, max: number) {
  const message = `must be a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  // 0 asks the system for any free port (used by tests).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a query waits for a free pooled connection before the request is answered
   * 503 with Retry-After (docs/decisions/021-shutdown-and-overload.md).
   */
  DATABASE_POOL_TIMEOUT_MS: milliseconds(100, 60_000).default(3_000),
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
  /** After SIGTERM, how long /readyz reports draining while the site still serves; 0 skips it. */
  SHUTDOWN_DRAIN_MS: milliseconds(0, 600_000).default(5_000),
  /** Then, how long requests in flight may take before their connections are closed. */
  SHUTDOWN_GRACE_MS: milliseconds(0, 600_000).default(10_000),
  /** The least severe log lines written: fatal, error, warn, info, debug, trace, or silent for none. */
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }))
    .default("info"),
  /** Memory for rendered public pages served to anonymous visitors (ADR 024); 0 renders every page. */
  PAGE_CACHE_MB: z.coerce
    .number({ message: "must be a whole number of megabytes from 0 to 4096" })
    .int({ message: "must be a whole number of megabytes from 0 to 4096" })
    .min(0, { message: "must be a whole number of megabytes from 0 to 4096" })
    .max(4096, { message: "must be a whole number of megabytes from 0 to 4096" })
    .default(64),
  /**
   * How long a held page is served before it is rendered again even if nothing it shows
   * changed (dates pass); meanwhile visitors get the held copy (ADR 024). Short values are
   * for measuring an expiry (`npm run bench:cache-expiry`).
   */
  PAGE_CACHE_TTL_MS: milliseconds(1_000, 3_600_000).default(60_000),
  /** The Bearer token /metrics asks for; unset, there is no /metrics. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^\S{16,}$/, { message: "must be at least 16 characters, without spaces" })
    .optional(),
  /** Where errors are reported (Sentry or a compatible tracker); unset, none are sent. */
  SENTRY_DSN: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && isDsn(new URL(value)), {
      message: "must be a DSN such as https://KEY@HOST/PROJECT_ID",
    })
    .optional(),
  /** Mail workers in this instance (0: it only serves pages; see `npm run worker`). */
  WORKERS: z.coerce
    .number({ message: "must be a whole number from 0 to 32" })
    .int({ message: "must be a whole number from 0 to 32" })
    .min(0, { message: "must be a whole number from 0 to 32" })
    .max(32, { message: "must be a whole number from 0 to 32" })
    .default(2),
  /**
   * How many processes serve the site (docs/decisions/026-every-core.md): one per core by
   * default. With the embedded PGlite the site stays one process whatever this says.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number from 1 to 64" })
    .int({ message: "must be a whole number from 1 to 64" })
    .min(1, { message: "must be a whole number from 1 to 64" })
    .max(64, { message: "must be a whole number from 1 to 64" })
    .default(() => Math.min(64, os.availableParallelism())),
  /** The public address, for canonical URLs, sitemaps and links in mail. */
  BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  /** Object storage for uploads, all in one: s3://KEY:SECRET@host:port/bucket?region=…&forcePathStyle=true. */
  S3_URL: z
    .string()
    .trim()
    .refine((value) => /^s3:\/\//.test(value) && URL.canParse(value) && bucketOf(new URL(value)) !== "", {
      message: "must look like s3://KEY:SECRET@host:port/bucket?region=eu-north-1",
    })
    .optional(),
  /** The same, as separate variables: S3_BUCKET alone means AWS S3 with the SDK's credentials. */
  S3_BUCKET: z.string().trim().min(3, { message: "must be a bucket name" }).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
  AWS_REGION: z.string().trim().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /**
   * Who takes online payments (ADR 036): `test`, the provider that ships with RCL and moves
   * no money, or `stripe`.
   */
  PAYMENT_PROVIDER: z.enum(["test", "stripe"], { message: "must be test or stripe" }).default("test"),
  /** Stripe's secret API key (sk_live_… or sk_test_…); required with PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^sk_(live|test)_\S+$/, { message: "must be a Stripe secret key, sk_live_… or sk_test_…" })
    .optional(),
  /** The signing secret of the site's webhook endpoint at Stripe; required with PAYMENT_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\S+$/, { message: "must be a webhook signing secret, whsec_…" })
    .optional(),
  /** Lets NODE_ENV=production run with the test provider, for a staging site that takes no money. */
  ALLOW_TEST_PAYMENTS: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  /**
   * DMI's Forecast Data EDR API, for the forecast of an event's day on the water (ADR 038):
   * https://opendataapi.dmi.dk/v1/forecastedr. Unset, no forecast is fetched and partners decide by hand.
   */
  DMI_FORECAST_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  /** Sent as the `api-key` header when set; DMI has asked for none since December 2025. */
  DMI_FORECAST_API_KEY: z.string().trim().min(1).optional(),
  /** How long one request to DMI may take before the forecast counts as failed, to be tried again. */
  DMI_FORECAST_TIMEOUT_MS: milliseconds(100, 120_000).default(10_000),
});

/** A Sentry DSN names its project's public key as the user and ends in the project's number. */
const isDsn = (url: URL) =>
  /^https?:$/.test(url.protocol) && url.username !== "" && /^\/(.*\/)?\d+$/.test(url.pathname);

const bucketOf = (url: URL) => decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));

type ParsedEnv = z.infer<typeof envSchema>;

/** Every variable the site reads at start-up; .env.example documents each (server/env-example.test.ts). */
export const ENV_VARIABLE_NAMES = Object.keys(envSchema.shape);

/**
 * Where uploads are stored: S3 when S3_URL or S3_BUCKET is set, else DATA_DIR/uploads.
 * S3_URL's endpoint is spoken to over HTTPS unless `?tls=false` (a server on the same host).
 */
function storageOf(values: ParsedEnv, dataDir: string): StorageConfig {
  if (values.S3_URL) {
    const url = new URL(values.S3_URL);
    const params = url.searchParams;
    const tls = params.get("tls") !== "false";
    return {
      kind: "s3",
      bucket: bucketOf(url),
      region: params.get("region") ?? values.AWS_REGION ?? "us-east-1",
      endpoint: `${tls ? "https" : "http"}://${url.host}`,
      forcePathStyle: params.get("forcePathStyle") === "true",
      credentials: url.username
        ? {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          }
        : undefined,
    };
  }
  if (values.S3_BUCKET) {
    const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = values;
    return {
      kind: "s3",
      bucket: values.S3_BUCKET,
      region: values.AWS_REGION ?? "us-east-1",
      endpoint: values.S3_ENDPOINT,
      forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    };
  }
  return { kind: "disk", dir: path.join(dataDir, "uploads") };
}

export type Env = Omit<ParsedEnv, "BASE_URL"> & { dataDir: string; baseUrl: string; storage: StorageConfig };

/** Reads the environment once at boot; a wrong value names its variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= cmd` usage.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable ${lines.join("; ")}`);
  }
  if (result.data.S3_URL && result.data.S3_BUCKET) {
    throw new ConfigError("Invalid environment variable S3_URL: set S3_URL or S3_BUCKET, not both");
  }
  if (result.data.S3_ENDPOINT && !result.data.S3_BUCKET) {
    throw new ConfigError("Invalid environment variable S3_BUCKET: S3_ENDPOINT needs S3_BUCKET");
  }
  if (result.data.PAYMENT_PROVIDER === "stripe") {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!result.data[name]) {
        throw new ConfigError(
          `Invalid environment variable ${name}: must be set when PAYMENT_PROVIDER=stripe`,
        );
      }
    }
  }
  const { BASE_URL, ...values } = result.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    ...values,
    dataDir,
    baseUrl: BASE_URL ?? `http://localhost:${values.PORT}`,
    storage: storageOf(result.data, dataDir),
  };
}

/**
 * Without SMTP each mail is kept in the database's outbox and announced in the log with
 * its recipient; a deployment must never write those to its log, on either database.
 */
export function requireSmtpInProduction(env: Env, productionRequested: boolean): void {
  if (productionRequested && !env.SMTP_URL) {
    throw new ConfigError(
      "SMTP_URL must be set when NODE_ENV=production: without a mail server, mail would be kept in the database and its recipients written to the log.",
    );
  }
}

/**
 * The test provider takes every payment without moving money: a deployment that meant to
 * charge its bookers must not start with it by mistake, only when told it may (staging).
 */
export function requireRealPaymentsInProduction(env: Env, productionRequested: boolean): void {
  if (productionRequested && env.PAYMENT_PROVIDER === "test" && env.ALLOW_TEST_PAYMENTS !== "true") {
    throw new ConfigError(
      "PAYMENT_PROVIDER must be stripe when NODE_ENV=production: the test provider takes payments without moving money. Set ALLOW_TEST_PAYMENTS=true for a site that should take none.",
    );
  }
}
