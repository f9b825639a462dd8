import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDataDir, type AccountName } from "./data-dir";
import { startTlsProxy } from "../support/tls-proxy";
import { newDataDir, startBuiltServer, stopServer } from "./server";
import type { SignedInAccount } from "./sessions";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** Accounts with an open session, for `signInAs`. */
    accounts: Record<AccountName, SignedInAccount>;
    /**
     * The server's auth secret, which signs the links that need no account: a test makes
     * a link no page shows, such as a reminder's "stop reminders", sent days before only.
     */
    authSecret: string;
  }
}

/**
 * The built server behind a TLS-terminating proxy, as in production: the browser speaks
 * https to the proxy (BASE_URL is its origin), and the server, with TRUST_PROXY=1, reads
 * the visitor's URL from the proxy's forwarded headers.
 */
export default async function setup(project: TestProject) {
  const dataDir = newDataDir();
  const proxy = await startTlsProxy();
  const cleanUp = async () => {
    await proxy.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const accounts = await prepareDataDir(dataDir, proxy.url);
    const extraCaFile = path.join(dataDir, "proxy-certificate.pem");
    fs.writeFileSync(extraCaFile, proxy.certificate.cert);
    const server = await startBuiltServer(dataDir, { baseUrl: proxy.url, trustProxy: 1, extraCaFile });
    proxy.setTarget(server.url);
    project.provide("baseUrl", proxy.url);
    project.provide("serverLog", server.logFile);
    project.provide("accounts", accounts);
    project.provide("authSecret", fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim());
    return async () => {
      await stopServer(server);
      await cleanUp();
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
