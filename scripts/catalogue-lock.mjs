/**
 * One writer at a time for the message catalogues and their compiled code: several
 * editors or test runs may add messages and compile at once.
 */
import { mkdir, rm, stat } from "node:fs/promises";

const LOCK = new URL("../node_modules/.cache/rcl-messages.lock", import.meta.url);
/** A lock older than this was left by a process that died. */
const STALE_MS = 60_000;

export async function withCatalogueLock(work) {
  await mkdir(new URL("./", LOCK), { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch {
      const held = await stat(LOCK).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_MS) await rm(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}
