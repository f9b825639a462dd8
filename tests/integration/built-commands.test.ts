import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parseSync } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import { createEmptyDatabaseTarget, testDatabaseKind } from "../support/database";
import { TEST_AUTH_SECRET } from "../support/http-app";
import { scaled } from "../support/timeouts";

// The operator's commands as production runs them: the bundled files under build/host with
// plain `node`, from another working directory, with none of the development tools.

const root = path.resolve(import.meta.dirname, "../..");
const hostDir = path.join(root, "build/host");
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-cwd-"));
afterAll(() => fs.rmSync(elsewhere, { recursive: true, force: true }));

type Finished = { code: number | null; stdout: string; stderr: string };

/** Commands still running, ended after each test even when it failed, so none holds PGlite's folder. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

/** Starts build/host/<name>.js with node and a bare environment. */
function startBuilt(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(hostDir, `${name}.js`), ...args], {
    cwd: elsewhere,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Runs build/host/<name>.js to its end. */
function runBuilt(name: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return new Promise((resolve) => {
    const child = startBuilt(name, args, env);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

const migrationCount = () =>
  (
    JSON.parse(fs.readFileSync(path.join(root, "server/db/migrations/meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    }
  ).entries.length;

/** Where the commands keep their data: a new, empty PostgreSQL database or PGlite folder. */
type Target = { env: Record<string, string>; open: () => Promise<DatabaseHandle>; drop: () => Promise<void> };

async function emptyTarget(): Promise<Target> {
  const target = await createEmptyDatabaseTarget("rcl-built");
  // A deployment on PostgreSQL must bring its own secret.
  if (!("DATABASE_URL" in target.env)) return target;
  return { ...target, env: { ...target.env, AUTH_SECRET: TEST_AUTH_SECRET } };
}

describe("the built host", () => {
  it("imports only Node's modules and the production dependencies", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const packageOf = (specifier: string) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/");
    const serverDir = path.join(root, "build/server");
    const javascriptIn = (dir: string) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".js"))
        .map((file) => path.join(dir, file));
    // The server build is split into chunks under build/server/assets as well.
    const files = [...javascriptIn(hostDir), ...javascriptIn(serverDir)];
    const staticImports = new Set<string>();
    const dynamicImports = new Set<string>();
    for (const file of files) {
      const code = fs.readFileSync(file, "utf8");
      // Parsed rather than searched, so text in strings and templates that reads like an
      // import is not taken for one.
      const { module } = parseSync(file, code);
      for (const { moduleRequest } of module.staticImports) staticImports.add(moduleRequest.value);
      for (const { entries } of module.staticExports) {
        for (const { moduleRequest } of entries) if (moduleRequest) staticImports.add(moduleRequest.value);
      }
      for (const { moduleRequest } of module.dynamicImports) {
        const literal = /^(["'`])([^"'`$]+)\1$/.exec(code.slice(moduleRequest.start, moduleRequest.end));
        if (literal) dynamicImports.add(literal[2]!);
      }
    }
    const outside = (specifiers: Set<string>) =>
      [...specifiers]
        .filter((specifier) => !specifier.startsWith("."))
        .filter((specifier) => !specifier.startsWith("node:") && !builtinModules.includes(specifier))
        .filter((specifier) => !Object.hasOwn(manifest.dependencies, packageOf(specifier)));
    expect(staticImports.size).toBeGreaterThan(10);
    expect(outside(staticImports)).toEqual([]);
    // Vite is loaded only by the development server (NODE_ENV=development).
    expect(outside(dynamicImports)).toEqual(["vite"]);
  });
});

// Each command opens the database in a new process (PGlite loads its WebAssembly each time),
// which takes a few seconds, more on a busy machine.
describe(`the built commands with plain node, on ${testDatabaseKind}`, { timeout: scaled(120_000) }, () => {
  let target: Target;

  beforeAll(async () => {
    target = await emptyTarget();
  });

  afterAll(async () => {
    await target?.drop();
  });

  it("db-migrate migrates an empty database, and two at once apply each migration once", async () => {
    // PGlite serves one process at a time, so only PostgreSQL can have two at once.
    const runs = testDatabaseKind === "postgres" ? 2 : 1;
    const results = await Promise.all(
      Array.from({ length: runs }, () => runBuilt("db-migrate", [], target.env)),
    );
    for (const result of results) {
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toBe(`Migrations applied (${testDatabaseKind}).`);
    }
    const database = await target.open();
    try {
      const applied = await database.runSql("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(applied.rows[0]?.n).toBe(migrationCount());
      const queues = await database.runSql("select name from pgboss.queue order by name");
      expect(queues.rows.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it("admin-create creates a verified admin with the given password", async () => {
    const result = await runBuilt(
      "admin-create",
      ["--email", "Ops.Lead@Fjord.example", "--first-name", "Ops"],
      {
        ...target.env,
        ADMIN_PASSWORD: "a-long-operator-password",
      },
    );
    expect(result).toMatchObject({
      code: 0,
      stdout: "Created the admin ops.lead@fjord.example.",
      stderr: "",
    });

    const database = await target.open();
    try {
      const [person] = await database.db
        .select({ verified: users.emailVerified, role: profiles.role, firstName: profiles.firstName })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, "ops.lead@fjord.example"));
      expect(person).toEqual({ verified: true, role: "admin", firstName: "Ops" });
    } finally {
      await database.close();
    }
  });

  it("admin-create refuses a bad address or a short password with one line", async () => {
    const noAddress = await runBuilt("admin-create", ["--email", "not-an-address"], target.env);
    expect(noAddress.code).toBe(1);
    expect(noAddress.stderr).toBe(
      "Error: Give the admin's address: npm run admin:create -- --email you@example.dk",
    );
    const shortPassword = await runBuilt("admin-create", ["--email", "short@fjord.example"], {
      ...target.env,
      ADMIN_PASSWORD: "short",
    });
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toMatch(/^Error: The password must be at least \d+ characters\.$/);
  });

  it("db-seed loads the sample content, and jobs lists no failed job", async () => {
    const seeded = await runBuilt("db-seed", [], target.env);
    expect(seeded).toMatchObject({ code: 0, stderr: "" });
    expect(seeded.stdout).toMatch(
      new RegExp(`^Sample content loaded \\(${testDatabaseKind}\\): [1-9]\\d* partners`),
    );

    const jobs = await runBuilt("jobs", ["failed"], target.env);
    expect(jobs).toMatchObject({ code: 0, stdout: "No failed jobs.", stderr: "" });
  });

  it("jobs lists and retries failed jobs without AUTH_SECRET, which they do not need", async () => {
    const { AUTH_SECRET: _secret, ...withoutSecret } = target.env;
    const listed = await runBuilt("jobs", ["failed"], withoutSecret);
    expect(listed).toMatchObject({ code: 0, stdout: "No failed jobs.", stderr: "" });

    const unknown = "5a0f8a9e-4c1e-4e8e-9a55-0d3c2b1a9f00";
    const retried = await runBuilt("jobs", ["retry", unknown], withoutSecret);
    expect(retried.code).toBe(1);
    expect(retried.stderr).toContain(`No failed job has the id ${unknown}.`);
    expect(retried.stderr).not.toContain("AUTH_SECRET");
  });

  it.runIf(testDatabaseKind === "pglite")("worker refuses the embedded database", async () => {
    const result = await runBuilt("worker", [], target.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("npm run worker needs DATABASE_URL");
  });

  it.runIf(testDatabaseKind === "postgres")(
    "worker refuses NODE_ENV=production without SMTP_URL, naming it",
    async () => {
      const result = await runBuilt("worker", [], { ...target.env, NODE_ENV: "production" });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^SMTP_URL must be set when NODE_ENV=production/);
    },
  );

  it.runIf(testDatabaseKind === "postgres")("worker runs the job workers and stops on SIGTERM", async () => {
    const child = startBuilt("worker", [], { ...target.env, WORKERS: "1" });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The worker did not start within 60 s:\n${output}`)),
        scaled(60_000),
      );
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("RCL job workers running")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("Workers stopped cleanly.");
  });
});
