/**
 * Entry point. React chooses its development or production build from NODE_ENV the
 * first time it is imported, so the default is settled here before anything loads it.
 * Whether production was asked for explicitly is remembered: the embedded demo's
 * accounts are only created when it was not.
 */
const productionRequested = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "production";
const { start } = await import("./start");
await start({ productionRequested });

export {};
