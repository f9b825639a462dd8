// `npm start`: builds the site when the build is missing or older than the sources,
// then runs the production server.
import path from "node:path";
import { buildIfStale, root } from "./build.mjs";

buildIfStale();
await import(path.join(root, "build/host/main.js"));
