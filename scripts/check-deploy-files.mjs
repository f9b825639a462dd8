// `npm run check:deploy` (CI runs it): lints the Dockerfile and validates compose.yaml without
// a Docker engine. The Dockerfile goes through dockerfile-utils (the checks of the Docker
// language server) and the compose file through dclint, which validates it against the
// Compose Specification's JSON schema and its own rules. Both are then held to what
// docs/deployment.md promises (docs/decisions/022-deployment.md). deploy/Caddyfile is
// validated too when the caddy binary is installed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DCLinter } from "dclint";
import { validate, ValidationSeverity } from "dockerfile-utils";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
const problems = [];
const problem = (file, message) => problems.push(`${file}: ${message}`);

// ---- Dockerfile ---------------------------------------------------------------------------

const dockerfile = read("Dockerfile");
const severities = Object.fromEntries(
  [
    "deprecatedMaintainer",
    "directiveCasing",
    "emptyContinuationLine",
    "instructionCasing",
    "instructionCmdMultiple",
    "instructionEntrypointMultiple",
    "instructionHealthcheckMultiple",
    "instructionJSONInSingleQuotes",
    "instructionWorkdirRelative",
  ].map((rule) => [rule, ValidationSeverity.ERROR]),
);
for (const diagnostic of validate(dockerfile, severities)) {
  problem("Dockerfile", `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
}

/** The Dockerfile's instructions, continuation lines joined and comments left out. */
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
  });

const argDefaults = Object.fromEntries(
  instructions
    .filter(({ keyword }) => keyword === "ARG")
    .map(({ args }) => args.split("="))
    .filter((parts) => parts.length === 2),
);
const stages = [];
for (const instruction of instructions) {
  if (instruction.keyword === "FROM") stages.push({ from: instruction.args, instructions: [] });
  else stages.at(-1)?.instructions.push(instruction);
}
const stageNames = new Set(stages.map(({ from }) => /\sAS\s+(\S+)$/i.exec(from)?.[1]));
for (const { from } of stages) {
  const image = from.split(/\s+/)[0].replace(/^\$\{(\w+)\}$/, (_, name) => argDefaults[name] ?? "");
  // An earlier stage, or an image pinned to a release: never `latest` or a bare name.
  if (!stageNames.has(image) && !/^[\w./-]+:[^:]*\d[^:]*$/.test(image)) {
    problem("Dockerfile", `FROM ${image || from} is not pinned to a version tag`);
  }
}
if (stages.length < 3) problem("Dockerfile", "expected a multi-stage build (dependencies, build, runtime)");

const runtime = stages.at(-1)?.instructions ?? [];
const last = (keyword) => runtime.filter((instruction) => instruction.keyword === keyword).at(-1)?.args;
const user = last("USER");
if (!user || /^(root|0)(:|$)/.test(user))
  problem("Dockerfile", "the runtime stage must run as a non-root USER");
if (!last("HEALTHCHECK")?.includes("/readyz"))
  problem("Dockerfile", "the runtime stage needs a HEALTHCHECK on /readyz");
if (last("CMD") !== '["node", "build/host/main.js"]') {
  problem("Dockerfile", 'the runtime stage must run CMD ["node", "build/host/main.js"]');
}
if (!runtime.some(({ keyword, args }) => keyword === "ENV" && /\bNODE_ENV=production\b/.test(args))) {
  problem("Dockerfile", "the runtime stage must set NODE_ENV=production");
}
if (!runtime.some(({ keyword, args }) => keyword === "EXPOSE" && args.split(/\s+/).includes("3000"))) {
  problem("Dockerfile", "the runtime stage must EXPOSE 3000");
}
for (const { keyword, args } of instructions) {
  if (keyword === "ADD") problem("Dockerfile", `use COPY rather than ADD (ADD ${args})`);
  if (keyword === "RUN" && /\bnpm (install|i)\b/.test(args)) {
    problem("Dockerfile", `install with \`npm ci\`, which follows package-lock.json (RUN ${args})`);
  }
  // Files copied from the project must exist, so a rename does not break the image unseen.
  if (keyword === "COPY" && !args.includes("--from=")) {
    const sources = args
      .split(/\s+/)
      .filter((part) => !part.startsWith("--"))
      .slice(0, -1);
    for (const source of sources) {
      if (source !== "." && !fs.existsSync(path.join(root, source))) {
        problem("Dockerfile", `COPY ${source}: no such file in the project`);
      }
    }
  }
}

const dockerignore = new Set(
  read(".dockerignore")
    .split("\n")
    .map((line) => line.trim()),
);
for (const entry of ["node_modules", "build", "data", ".env", ".git"]) {
  if (!dockerignore.has(entry)) problem(".dockerignore", `must leave out ${entry}`);
}

// ---- compose.yaml ---------------------------------------------------------------------------

const linter = new DCLinter({
  // Prettier writes YAML strings in double quotes.
  rules: { "require-quotes-in-ports": [2, { quoteType: "double" }] },
  quiet: false,
  debug: false,
  exclude: [],
});
for (const result of linter.lintFiles([path.join(root, "compose.yaml")], false)) {
  for (const message of result.messages) {
    problem("compose.yaml", `line ${message.line}: ${message.message} (${message.rule})`);
  }
}

const compose = parse(read("compose.yaml"), { merge: true });
const services = compose.services ?? {};
if (services.app?.deploy?.replicas !== 2) problem("compose.yaml", "the app service must run two replicas");
for (const [name, service] of Object.entries(services)) {
  // An image built here is named by the build; one pulled is pinned to a release.
  if (service.image && !service.build && !/:[^:]*\d/.test(service.image)) {
    problem("compose.yaml", `service ${name}: image ${service.image} is not pinned to a version tag`);
  }
  for (const volume of service.volumes ?? []) {
    const source = typeof volume === "string" ? volume.split(":")[0] : volume.source;
    if (source.startsWith(".") && !fs.existsSync(path.join(root, source))) {
      problem("compose.yaml", `service ${name}: ${source} does not exist`);
    }
  }
}
if (!services.postgres?.healthcheck) problem("compose.yaml", "postgres needs a health check");
if (!services.app?.healthcheck?.test?.join(" ").includes("/readyz")) {
  problem("compose.yaml", "the app service needs a health check on /readyz");
}
const appEnvironment = services.app?.environment ?? {};
for (const variable of ["DATABASE_URL", "AUTH_SECRET", "BASE_URL", "SMTP_URL", "TRUST_PROXY"]) {
  if (!appEnvironment[variable]) problem("compose.yaml", `the app service must set ${variable}`);
}

// ---- deploy/Caddyfile -----------------------------------------------------------------------

const caddy = spawnSync("caddy", ["validate", "--adapter", "caddyfile", "--config", "deploy/Caddyfile"], {
  cwd: root,
  encoding: "utf8",
});
let caddyNote = "";
if (caddy.error?.code === "ENOENT") caddyNote = " (deploy/Caddyfile not validated: caddy is not installed)";
else if (caddy.status !== 0)
  problem("deploy/Caddyfile", (caddy.stderr || caddy.stdout).trim().split("\n").at(-1));

if (problems.length > 0) {
  console.error(`The deployment files have ${problems.length} problem(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`Dockerfile, .dockerignore and compose.yaml are valid${caddyNote}.`);
