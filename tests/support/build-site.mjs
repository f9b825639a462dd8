// Global setup of the unit and integration tests. They drive the production server build,
// as `npm start` serves it, so it is built here once when missing or stale. (A Vite dev
// server per test file would also regenerate React Router's route types in every parallel
// worker at once, and those writes collide.)
import { buildIfStale } from "../../scripts/build.mjs";

export default function setup() {
  buildIfStale();
}
