import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { startBuiltServer, stopServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide("baseUrl", server.url);
  project.provide("serverLog", server.logFile);
  return async () => {
    await stopServer(server);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
