// `npm start`: builds the site when the build is missing or older than the sources,
// then runs the production server.
import path from "node:path";
import { buildIfStale, root } from "./build.mjs";

try {
  buildIfStale();
} catch (error) {
  // The build's own output, printed above, says what went wrong.
  console.error(error.message);
  process.exit(1);
}
await import(path.join(root, "build/host/main.js"));
