import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv, requireRealPaymentsInProduction, requireSmtpInProduction } from "./env";

describe("loadEnv", () => {
  it("defaults to port 3000 and ./data with the embedded database", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe("production");
  });

  it("takes PORT and DATA_DIR from the environment", () => {
    const env = loadEnv({ PORT: "4123", DATA_DIR: "/tmp/rcl-elsewhere" });
    expect(env.PORT).toBe(4123);
    expect(env.dataDir).toBe("/tmp/rcl-elsewhere");
  });

  it.each([
    ["PORT", { PORT: "not-a-port" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/rcl" }],
    ["SMTP_URL", { SMTP_URL: "mail.example.com" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["WORKERS", { WORKERS: "many" }],
    ["WORKERS", { WORKERS: "-1" }],
    ["WORKERS", { WORKERS: "1.5" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "0" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "65" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "2.5" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "all" }],
  ])("names %s when its value is wrong", (variable, source) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${variable}:`));
  });

  it("builds the base URL from the port unless BASE_URL is given", () => {
    expect(loadEnv({ PORT: "4123" }).baseUrl).toBe("http://localhost:4123");
    expect(loadEnv({ BASE_URL: "https://rcl.dk/" }).baseUrl).toBe("https://rcl.dk");
    expect(() => loadEnv({ BASE_URL: "ftp://rcl.dk" })).toThrow(/^Invalid environment variable BASE_URL:/);
  });

  it("holds 64 MB of public pages by default, none with PAGE_CACHE_MB=0, and refuses other values", () => {
    expect(loadEnv({}).PAGE_CACHE_MB).toBe(64);
    expect(loadEnv({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    for (const value of ["-1", "1.5", "lots", "5000"]) {
      expect(() => loadEnv({ PAGE_CACHE_MB: value })).toThrow(
        "PAGE_CACHE_MB: must be a whole number of megabytes from 0 to 4096",
      );
    }
  });

  it("renders a held page again after 60 s by default, sooner or later with PAGE_CACHE_TTL_MS", () => {
    expect(loadEnv({}).PAGE_CACHE_TTL_MS).toBe(60_000);
    expect(loadEnv({ PAGE_CACHE_TTL_MS: "2000" }).PAGE_CACHE_TTL_MS).toBe(2_000);
    for (const value of ["0", "999", "1.5", "soon"]) {
      expect(() => loadEnv({ PAGE_CACHE_TTL_MS: value })).toThrow(
        "PAGE_CACHE_TTL_MS: must be a whole number of milliseconds from 1000 to 3600000",
      );
    }
  });

  it("runs two mail workers by default, and none with WORKERS=0", () => {
    expect(loadEnv({}).WORKERS).toBe(2);
    expect(loadEnv({ WORKERS: "0" }).WORKERS).toBe(0);
    expect(() => loadEnv({ WORKERS: "many" })).toThrow("WORKERS: must be a whole number from 0 to 32");
  });

  it("serves with one process per core unless WEB_CONCURRENCY says how many", () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(os.availableParallelism());
    expect(loadEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: " 64 " }).WEB_CONCURRENCY).toBe(64);
    expect(() => loadEnv({ WEB_CONCURRENCY: "0" })).toThrow(
      "Invalid environment variable WEB_CONCURRENCY: must be a whole number from 1 to 64",
    );
  });

  it.each([
    [undefined, 0],
    ["false", 0],
    ["true", 1],
    ["0", 0],
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
  ])("reads TRUST_PROXY=%s as %i trusted proxies", (value, proxies) => {
    expect(loadEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toBe(proxies);
  });

  it.each(["yes", "-1", "1.5", "TRUE", "two"])("names TRUST_PROXY when it is %s", (value) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(
      /^Invalid environment variable TRUST_PROXY: must be true, false or how many proxies/,
    );
  });

  it("drains for 5 s and gives requests 10 s at shutdown unless told otherwise", () => {
    expect(loadEnv({})).toMatchObject({ SHUTDOWN_DRAIN_MS: 5_000, SHUTDOWN_GRACE_MS: 10_000 });
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: "0", SHUTDOWN_GRACE_MS: "30000" })).toMatchObject({
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_GRACE_MS: 30_000,
    });
  });

  it("waits 3 s for a pooled connection unless DATABASE_POOL_TIMEOUT_MS says otherwise", () => {
    expect(loadEnv({}).DATABASE_POOL_TIMEOUT_MS).toBe(3_000);
    expect(loadEnv({ DATABASE_POOL_TIMEOUT_MS: "500" }).DATABASE_POOL_TIMEOUT_MS).toBe(500);
  });

  it.each([
    ["SHUTDOWN_DRAIN_MS", "soon", "0 to 600000"],
    ["SHUTDOWN_DRAIN_MS", "-1", "0 to 600000"],
    ["SHUTDOWN_DRAIN_MS", "1.5", "0 to 600000"],
    ["SHUTDOWN_GRACE_MS", "600001", "0 to 600000"],
    ["DATABASE_POOL_TIMEOUT_MS", "0", "100 to 60000"],
    ["DATABASE_POOL_TIMEOUT_MS", "5s", "100 to 60000"],
  ])("names %s when it is %s", (variable, value, range) => {
    expect(() => loadEnv({ [variable]: value })).toThrow(
      `Invalid environment variable ${variable}: must be a whole number of milliseconds from ${range}`,
    );
  });

  it("treats an empty variable as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("loadEnv: where uploads are stored", () => {
  it("keeps them under DATA_DIR/uploads by default", () => {
    expect(loadEnv({ DATA_DIR: "/tmp/rcl-data" }).storage).toEqual({
      kind: "disk",
      dir: "/tmp/rcl-data/uploads",
    });
  });

  it("reads S3_URL: credentials, endpoint, bucket, region and path style", () => {
    const { storage } = loadEnv({
      S3_URL:
        "s3://KEY%2F1:SE%40CRET@127.0.0.1:9000/rcl-uploads?region=eu-north-1&forcePathStyle=true&tls=false",
    });
    expect(storage).toEqual({
      kind: "s3",
      bucket: "rcl-uploads",
      region: "eu-north-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "KEY/1", secretAccessKey: "SE@CRET" },
    });
  });

  it("reads the usual S3 variables", () => {
    const { storage } = loadEnv({
      S3_BUCKET: "rcl-uploads",
      S3_ENDPOINT: "https://s3.example.net",
      AWS_REGION: "eu-central-1",
      AWS_ACCESS_KEY_ID: "id",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
    expect(storage).toEqual({
      kind: "s3",
      bucket: "rcl-uploads",
      region: "eu-central-1",
      endpoint: "https://s3.example.net",
      forcePathStyle: false,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
  });

  it.each([
    ["S3_URL", { S3_URL: "https://127.0.0.1:9000/bucket" }],
    ["S3_URL", { S3_URL: "s3://key:secret@127.0.0.1:9000/" }],
    ["S3_URL", { S3_URL: "s3://a/bucket", S3_BUCKET: "bucket" }],
    ["S3_ENDPOINT", { S3_BUCKET: "bucket", S3_ENDPOINT: "not a url" }],
    ["S3_BUCKET", { S3_ENDPOINT: "https://s3.example.net" }],
    ["S3_FORCE_PATH_STYLE", { S3_BUCKET: "bucket", S3_FORCE_PATH_STYLE: "yes" }],
  ])("names %s when the S3 settings are wrong", (variable, source) => {
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${variable}:`));
  });
});

describe("observability settings", () => {
  it("logs at info by default and takes LOG_LEVEL in any case", () => {
    expect(loadEnv({}).LOG_LEVEL).toBe("info");
    expect(loadEnv({ LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
    expect(loadEnv({ LOG_LEVEL: " WARN " }).LOG_LEVEL).toBe("warn");
    expect(loadEnv({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
  });

  it.each(["verbose", "1", "warning"])("names LOG_LEVEL when it is %s", (value) => {
    expect(() => loadEnv({ LOG_LEVEL: value })).toThrow(
      "Invalid environment variable LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent",
    );
  });

  it("leaves /metrics and error reporting off unless their variables are set", () => {
    const env = loadEnv({});
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
  });

  it("takes a METRICS_TOKEN of 16 characters or more, without spaces", () => {
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/^Invalid environment variable METRICS_TOKEN:/);
    expect(() => loadEnv({ METRICS_TOKEN: "0123456789 abcdef" })).toThrow(
      /^Invalid environment variable METRICS_TOKEN:/,
    );
  });

  it("takes a SENTRY_DSN with a key and a project", () => {
    const dsn = "https://public@o1.ingest.example/42";
    expect(loadEnv({ SENTRY_DSN: dsn }).SENTRY_DSN).toBe(dsn);
    for (const wrong of [
      "not a url",
      "https://o1.ingest.example/42",
      "https://key@o1.ingest.example/",
      "ftp://k@h/1",
    ]) {
      expect(() => loadEnv({ SENTRY_DSN: wrong })).toThrow(/^Invalid environment variable SENTRY_DSN:/);
    }
  });
});

describe("requireSmtpInProduction", () => {
  const POSTGRES = { DATABASE_URL: "postgres://rcl@db.example/rcl" };

  it.each([
    ["the embedded database", {}],
    ["PostgreSQL", POSTGRES],
  ])("refuses NODE_ENV=production without SMTP_URL on %s, naming the variable", (_database, source) => {
    expect(() => requireSmtpInProduction(loadEnv(source), true)).toThrow(ConfigError);
    expect(() => requireSmtpInProduction(loadEnv(source), true)).toThrow(/^SMTP_URL must be set/);
  });

  it("lets production start with SMTP_URL, and a demo (NODE_ENV not set) without it", () => {
    for (const source of [{}, POSTGRES]) {
      expect(() =>
        requireSmtpInProduction(loadEnv({ ...source, SMTP_URL: "smtp://mail.example:587" }), true),
      ).not.toThrow();
      expect(() => requireSmtpInProduction(loadEnv(source), false)).not.toThrow();
    }
  });
});

describe("payment provider", () => {
  const STRIPE = {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_51Abc",
    STRIPE_WEBHOOK_SECRET: "whsec_abc123",
  };

  it("is the test provider unless told otherwise", () => {
    const env = loadEnv({});
    expect(env.PAYMENT_PROVIDER).toBe("test");
    expect(env.ALLOW_TEST_PAYMENTS).toBe("false");
  });

  it("takes Stripe with its secret key and webhook secret", () => {
    const env = loadEnv(STRIPE);
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_51Abc");
    expect(env.STRIPE_WEBHOOK_SECRET).toBe("whsec_abc123");
  });

  it.each([
    ["PAYMENT_PROVIDER", { PAYMENT_PROVIDER: "paypal" }, "must be test or stripe"],
    ["STRIPE_SECRET_KEY", { ...STRIPE, STRIPE_SECRET_KEY: "pk_test_51Abc" }, "must be a Stripe secret key"],
    [
      "STRIPE_WEBHOOK_SECRET",
      { ...STRIPE, STRIPE_WEBHOOK_SECRET: "secret" },
      "must be a webhook signing secret",
    ],
    ["STRIPE_SECRET_KEY", { ...STRIPE, STRIPE_SECRET_KEY: "" }, "must be set when PAYMENT_PROVIDER=stripe"],
    [
      "STRIPE_WEBHOOK_SECRET",
      { ...STRIPE, STRIPE_WEBHOOK_SECRET: undefined },
      "must be set when PAYMENT_PROVIDER=stripe",
    ],
    ["ALLOW_TEST_PAYMENTS", { ALLOW_TEST_PAYMENTS: "yes" }, "must be true or false"],
  ])("names %s when its value is wrong or missing", (variable, source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(`Invalid environment variable ${variable}: ${message}`);
  });

  it("refuses NODE_ENV=production with the test provider unless test payments are allowed", () => {
    expect(() => requireRealPaymentsInProduction(loadEnv({}), true)).toThrow(ConfigError);
    expect(() => requireRealPaymentsInProduction(loadEnv({}), true)).toThrow(
      /^PAYMENT_PROVIDER must be stripe when NODE_ENV=production/,
    );
    expect(() =>
      requireRealPaymentsInProduction(loadEnv({ ALLOW_TEST_PAYMENTS: "true" }), true),
    ).not.toThrow();
    expect(() => requireRealPaymentsInProduction(loadEnv(STRIPE), true)).not.toThrow();
    // The demo (NODE_ENV not set) and the tests run the test provider.
    expect(() => requireRealPaymentsInProduction(loadEnv({}), false)).not.toThrow();
  });
});

describe("weather forecast", () => {
  it("fetches no forecast unless DMI_FORECAST_URL is set, and waits 10 s for DMI by default", () => {
    const env = loadEnv({ DMI_FORECAST_URL: "" });
    expect(env.DMI_FORECAST_URL).toBeUndefined();
    expect(env.DMI_FORECAST_API_KEY).toBeUndefined();
    expect(env.DMI_FORECAST_TIMEOUT_MS).toBe(10_000);
  });

  it("takes DMI's address without a trailing slash, a key and a shorter wait", () => {
    const env = loadEnv({
      DMI_FORECAST_URL: "https://opendataapi.dmi.dk/v1/forecastedr/",
      DMI_FORECAST_API_KEY: " key-123 ",
      DMI_FORECAST_TIMEOUT_MS: "2500",
    });
    expect(env.DMI_FORECAST_URL).toBe("https://opendataapi.dmi.dk/v1/forecastedr");
    expect(env.DMI_FORECAST_API_KEY).toBe("key-123");
    expect(env.DMI_FORECAST_TIMEOUT_MS).toBe(2_500);
  });

  it.each([
    ["DMI_FORECAST_URL", "opendataapi.dmi.dk/v1/forecastedr", "must be an absolute http(s) URL"],
    ["DMI_FORECAST_URL", "ftp://opendataapi.dmi.dk", "must be an absolute http(s) URL"],
    ["DMI_FORECAST_TIMEOUT_MS", "10s", "must be a whole number of milliseconds from 100 to 120000"],
    ["DMI_FORECAST_TIMEOUT_MS", "0", "must be a whole number of milliseconds from 100 to 120000"],
  ])("names %s when it is %s", (variable, value, message) => {
    expect(() => loadEnv({ [variable]: value })).toThrow(
      `Invalid environment variable ${variable}: ${message}`,
    );
  });
});
