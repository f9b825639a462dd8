// What the PostgreSQL benchmarks share: they create and drop databases, so they only run
// against this machine's server, with throw-away databases beside DATABASE_URL's.
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** DATABASE_URL (default: the local server's `postgres` database), refused unless on loopback. */
export function loopbackAdminUrl(): URL {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_URL);
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(
      `DATABASE_URL points at ${url.hostname}; the benchmark only runs against a loopback server.`,
    );
  }
  return url;
}

/** One statement on a connection of its own (create or drop database cannot run in a pool's transaction). */
export async function adminQuery(adminUrl: URL, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database beside the admin URL's, dropped again by `drop`, also on Ctrl-C. */
export async function scratchDatabase(adminUrl: URL, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const drop = async () => {
    // Closed connections take a moment to leave the server; forcing them out sooner makes
    // the pool log their termination.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await adminQuery(adminUrl, `drop database if exists ${name}${attempt < 20 ? "" : " with (force)"}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const onInterrupt = () => {
    console.error("\nInterrupted: dropping the benchmark database.");
    drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", onInterrupt);
  return {
    name,
    url,
    drop: async () => {
      process.off("SIGINT", onInterrupt);
      await drop();
    },
  };
}

/** A loopback port nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
