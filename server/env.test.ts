import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env";

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
  ])("names %s when its value is wrong", (variable, source) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid environment variable ${variable}:`));
  });

  it("builds the base URL from the port unless BASE_URL is given", () => {
    expect(loadEnv({ PORT: "4123" }).baseUrl).toBe("http://localhost:4123");
    expect(loadEnv({ BASE_URL: "https://rcl.dk/" }).baseUrl).toBe("https://rcl.dk");
    expect(() => loadEnv({ BASE_URL: "ftp://rcl.dk" })).toThrow(/^Invalid environment variable BASE_URL:/);
  });

  it("runs two mail workers by default, and none with WORKERS=0", () => {
    expect(loadEnv({}).WORKERS).toBe(2);
    expect(loadEnv({ WORKERS: "0" }).WORKERS).toBe(0);
    expect(() => loadEnv({ WORKERS: "many" })).toThrow("WORKERS: must be a whole number from 0 to 32");
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
