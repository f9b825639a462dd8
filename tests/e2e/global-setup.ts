import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { prepareDataDir, type AccountName } from "./data-dir";
import { newDataDir, startBuiltServer, stopServer } from "./server";
import type { SignedInAccount } from "./sessions";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** Accounts with an open session, for `signInAs`. */
    accounts: Record<AccountName, SignedInAccount>;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = newDataDir();
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const accounts = await prepareDataDir(dataDir);
    const server = await startBuiltServer(dataDir);
    project.provide("baseUrl", server.url);
    project.provide("serverLog", server.logFile);
    project.provide("accounts", accounts);
    return async () => {
      await stopServer(server);
      removeDataDir();
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}
