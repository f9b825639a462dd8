/**
 * What the primary and its workers tell each other over the cluster's IPC channel
 * (./cluster.ts): a worker says it is ready, the primary orders it to serve once the
 * database is migrated, and the worker says where it listens. A worker scraped for
 * /metrics asks the primary for every worker's figures added up.
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

const metricsRequest = z.object({ type: z.literal("rcl:metrics-request"), id: z.number().int() });

/** What a worker may send; anything else on the channel is not ours and is ignored. */
export const workerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("rcl:ready") }),
  listening,
  metricsRequest,
]);

const metricsAnswer = z.object({
  type: z.literal("rcl:metrics"),
  id: z.number().int(),
  /** Every worker's process figures, added up, in Prometheus' text format. */
  body: z.string().optional(),
  error: z.string().optional(),
});
export type MetricsAnswer = z.infer<typeof metricsAnswer>;

function send(message: z.infer<typeof workerMessage>) {
  process.send?.(message);
}

/** How long a worker waits for the primary's figures (prom-client gives the workers five seconds). */
const METRICS_TIMEOUT_MS = 6_000;
let metricsRequests = 0;
/** Scrapes waiting for the primary, by id; one listener hears every answer. */
const pendingMetrics = new Map<number, { resolve(body: string): void; reject(error: Error): void }>();

function onMetricsAnswer(message: unknown) {
  const answer = metricsAnswer.safeParse(message);
  if (!answer.success) return;
  const pending = pendingMetrics.get(answer.data.id);
  if (!pending) return;
  pendingMetrics.delete(answer.data.id);
  if (answer.data.body !== undefined) pending.resolve(answer.data.body);
  else pending.reject(new Error(answer.data.error ?? "The workers' metrics could not be added up."));
}

/** In a worker: every worker's figures, added up by the primary. */
export function askPrimaryForMetrics(): Promise<string> {
  const id = ++metricsRequests;
  if (pendingMetrics.size === 0) process.on("message", onMetricsAnswer);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingMetrics.delete(id);
      reject(new Error("The primary did not send the workers' metrics in time."));
    }, METRICS_TIMEOUT_MS);
    pendingMetrics.set(id, {
      resolve: (body) => {
        clearTimeout(timer);
        resolve(body);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    send({ type: "rcl:metrics-request", id });
  }).finally(() => {
    if (pendingMetrics.size === 0) process.off("message", onMetricsAnswer);
  });
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
