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
