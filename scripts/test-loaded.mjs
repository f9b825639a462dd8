// `npm run test:loaded`: the whole test suite (`npm test`) and, with TEST_DATABASE_URL, the
// integration tests on PostgreSQL, while CPU-burning processes run beside them, as on a busy
// CI runner. Prints how long each part took. BURNERS sets how many (default 4); the argument
// `postgres` skips `npm test`.
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";

const burnerCount = Number(process.env.BURNERS ?? 4);
const burners = Array.from({ length: burnerCount }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopBurners = () => burners.forEach((burner) => burner.kill("SIGKILL"));
process.on("exit", stopBurners);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

// The load average lags a minute behind the burners: count them in from the start.
const cores = os.availableParallelism();
const factor = Math.min(8, Math.max(1, Math.ceil((os.loadavg()[0] + burnerCount) / cores)));
const env = { ...process.env, TEST_TIMEOUT_FACTOR: process.env.TEST_TIMEOUT_FACTOR ?? String(factor) };
console.log(
  `${burnerCount} CPU-burning processes on ${cores} cores; timeout factor ${env.TEST_TIMEOUT_FACTOR}.`,
);

const timings = [];
function run(label, command, runEnv) {
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: "inherit", env: runEnv });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  timings.push(`${label}: ${result.status === 0 ? "passed" : "FAILED"} in ${minutes} min`);
  return result.status === 0;
}

// `npm test` is the embedded database's run, as on a fresh clone; PostgreSQL's comes after.
// `npm run test:loaded -- postgres` runs the PostgreSQL part alone.
const { TEST_DATABASE_URL: postgresUrl, ...embedded } = env;
const postgresOnly = process.argv.includes("postgres");
let passed = postgresOnly || run("npm test", "npm test", embedded);
if (postgresOnly && !postgresUrl) {
  console.error("Set TEST_DATABASE_URL to run the PostgreSQL part.");
  process.exit(2);
}
if (postgresUrl) {
  passed = run("integration tests on PostgreSQL", "npm run test:unit", env) && passed;
} else {
  timings.push("integration tests on PostgreSQL: not run (set TEST_DATABASE_URL)");
}
console.log(
  `\nUnder load (${burnerCount} burners, ${cores} cores):\n${timings.map((line) => `  ${line}`).join("\n")}`,
);
process.exit(passed ? 0 : 1);
