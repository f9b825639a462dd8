// `npm run worker`: builds when stale, then runs the job workers alone (see server/worker.ts).
import path from "node:path";
import { buildIfStale, root } from "./build.mjs";

buildIfStale();
await import(path.join(root, "build/host/worker.js"));
