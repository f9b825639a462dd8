// `npm run db:migrate`, `db:seed`, `admin:create` and `jobs`: builds when the build is missing or
// stale, then runs the built command, build/host/<name>.js, with the arguments after its name.
// Production can run the same file directly: `node build/host/db-migrate.js`.
import path from "node:path";
import { buildIfStale, hostEntries, root } from "./build.mjs";

// The command reads its own arguments from process.argv, so its name is taken out of them.
const [name] = process.argv.splice(2, 1);
if (!name || !Object.hasOwn(hostEntries, name)) {
  console.error(`Usage: node scripts/host-command.mjs ${Object.keys(hostEntries).join("|")} [arguments]`);
  process.exit(1);
}
try {
  buildIfStale();
} catch (error) {
  // The build's own output, printed above, says what went wrong.
  console.error(error.message);
  process.exit(1);
}
await import(path.join(root, "build/host", `${name}.js`));
