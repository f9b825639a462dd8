/**
 * What the primary and its workers tell each other over the cluster's IPC channel
 * (./cluster.ts): a worker says it is ready, the primary orders it to serve once the
 * database is migrated, and the worker says where it listens.
 */
import { z } from "zod";

const serveOrder = z.object({
  type: z.literal("rcl:serve"),
  /** Job workers in this process: WORKERS in one of them, 0 in the others. */
  jobWorkers: z.number().int().min(0),
  /** NODE_ENV=production was set by whoever started the site (the primary defaults it). */
  productionRequested: z.boolean(),
});
export type ServeOrder = z.infer<typeof serveOrder>;

const listening = z.object({
  type: z.literal("rcl:listening"),
  port: z.number().int(),
  /** For the summary the primary prints once: the database, and the demo accounts found. */
  database: z.string(),
  demoAccounts: z.array(z.string()),
});
export type Listening = z.infer<typeof listening>;

/** What a worker may send; anything else on the channel is not ours and is ignored. */
export const workerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("rcl:ready") }),
  listening,
]);

function send(message: z.infer<typeof workerMessage>) {
  process.send?.(message);
}

/** In a worker: says it is ready and resolves with the primary's order to serve. */
export function askPrimaryToServe(): Promise<ServeOrder> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const order = serveOrder.safeParse(message);
      if (!order.success) return;
      process.off("message", onMessage);
      resolve(order.data);
    };
    // Listening before asking, so the answer cannot come before anyone hears it.
    process.on("message", onMessage);
    send({ type: "rcl:ready" });
  });
}

/** In a worker: tells the primary the worker listens, and what its summary needs. */
export function tellPrimaryListening(details: Omit<Listening, "type">): void {
  send({ type: "rcl:listening", ...details });
}

/** The primary's order to one worker. */
export const serveOrderOf = (order: Omit<ServeOrder, "type">): ServeOrder => ({
  type: "rcl:serve",
  ...order,
});
