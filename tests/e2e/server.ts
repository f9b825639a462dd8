import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { scaled } from "../support/timeouts";

export type RunningServer = {
  url: string;
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  /** The server's output, also kept in a file so test workers can read it. */
  logFile: string;
};

/** A new, empty temporary data folder. */
export function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "rcl-e2e-"));
}

export type ServerOptions = {
  /** The public origin; the server's own http address unless the site sits behind a proxy. */
  baseUrl?: string;
  /** TRUST_PROXY: how many proxies in front of the server to trust. */
  trustProxy?: number;
  /**
   * A PEM file of certificates the server trusts besides the usual ones: the TLS proxy's,
   * so the server's own requests to its public address (the test provider's webhooks)
   * pass as they do with a real certificate.
   */
  extraCaFile?: string;
};

/**
 * Starts the built server (build/host/main.js) on a free port, on `dataDir` or else on a
 * new temporary data folder, where it sets everything up as on a first `npm start`.
 * `url` is always the server's own http address.
 */
export async function startBuiltServer(
  dataDir = newDataDir(),
  { baseUrl, trustProxy = 0, extraCaFile }: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/host/main.js"], {
    // Only what the server needs: the test runner's own variables (BASE_URL="/" among them) stay out.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // NODE_ENV is left unset, as with `npm start`, so the demo accounts exist.
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: baseUrl ?? `http://127.0.0.1:${port}`,
      TRUST_PROXY: String(trustProxy),
      DATA_DIR: dataDir,
      // Each file stops its server with SIGTERM; no load balancer needs the drain window.
      SHUTDOWN_DRAIN_MS: "0",
      ...(extraCaFile ? { NODE_EXTRA_CA_CERTS: extraCaFile } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logFile = path.join(dataDir, "server.log");
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), scaled(60_000));
    const check = () => {
      if (output.includes("RCL is listening")) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => reject(new Error(`Server exited (${code}) before listening:\n${output}`)));
  });
  return { url, process: child, dataDir, output: () => output, logFile };
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Sends SIGTERM and waits for the exit code. */
export function stopServer(server: RunningServer): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) return resolve(server.process.exitCode);
    server.process.once("exit", (code) => resolve(code));
    server.process.kill("SIGTERM");
  });
}
