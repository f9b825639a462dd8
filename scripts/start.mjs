// `npm start`: builds the site when the build is missing or older than the sources,
// then runs the production server. The processes it forks to serve on every core run
// this file too; only the first one looks at the build.
import cluster from "node:cluster";
import path from "node:path";
import { buildIfStale, root } from "./build.mjs";

if (cluster.isPrimary) {
  try {
    buildIfStale();
  } catch (error) {
    // The build's own output, printed above, says what went wrong.
    console.error(error.message);
    process.exit(1);
  }
}
await import(path.join(root, "build/host/main.js"));
