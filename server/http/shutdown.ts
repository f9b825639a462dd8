import type http from "node:http";
import net from "node:net";
import { log } from "#server/log";

/**
 * The two moments of a graceful shutdown, for the parts of the site that answer
 * differently from then on (docs/decisions/021-shutdown-and-overload.md).
 */
export type ShutdownSignals = {
  /** Aborted on SIGTERM: /readyz and /healthz answer 503 "draining" while the site still serves. */
  draining: AbortSignal;
  /** Aborted when the server stops accepting connections: open live streams end at once. */
  closing: AbortSignal;
};

/** For an app that is never shut down this way (tests). */
export const NEVER_SHUTTING_DOWN: ShutdownSignals = {
  draining: new AbortController().signal,
  closing: new AbortController().signal,
};

/** How often, while closing, connections without a request in progress are looked at. */
const IDLE_SWEEP_MS = 250;

export type ShutdownOptions = {
  /** After SIGTERM, how long the server keeps accepting while /readyz reports draining (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Then, how long requests in flight may take before their connections are closed (SHUTDOWN_GRACE_MS). */
  graceMs: number;
};

type Connection = { requests: number; active: number };

/**
 * A server's shutdown in two steps. Draining: /readyz (and /healthz) answer 503 so a load balancer
 * takes the instance out of rotation, while everything it still sends is served as
 * usual (each response then closes its connection, so clients move to other instances).
 * Closing: the server stops accepting, live streams end with a reconnect hint, requests
 * in flight finish within the grace time, and `closed` runs once every connection ended.
 */
export function createShutdown({ drainMs, graceMs }: ShutdownOptions) {
  const draining = new AbortController();
  const closing = new AbortController();
  let endWindow: (() => void) | undefined;

  /** Every open connection of `server`: how many requests it carried, how many are being answered. */
  function trackConnections(server: http.Server): Map<net.Socket, Connection> {
    const connections = new Map<net.Socket, Connection>();
    server.on("connection", (socket: net.Socket) => {
      connections.set(socket, { requests: 0, active: 0 });
      socket.once("close", () => connections.delete(socket));
    });
    server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
      const connection = connections.get(request.socket);
      if (!connection) return;
      connection.requests++;
      connection.active++;
      response.once("close", () => connection.active--);
    });
    return connections;
  }

  /**
   * Calls `done` once a whole turn of the event loop accepted no connection, so none is
   * left in the listener's queue, or at `deadline`. Node accepts one connection per turn,
   * and a turn lasts as long as the work it runs: on a busy server, connections wait in
   * the queue, and closing the listener would reset them.
   */
  function acceptQueued(server: http.Server, deadline: number, done: () => void) {
    let accepted = true;
    const onConnection = () => (accepted = true);
    server.on("connection", onConnection);
    const check = () => {
      if (accepted && Date.now() < deadline) {
        accepted = false;
        setImmediate(check);
        return;
      }
      server.off("connection", onConnection);
      done();
    };
    setImmediate(check);
  }

  function close(server: http.Server, connections: Map<net.Socket, Connection>, closed: () => void) {
    closing.abort();
    const force = setTimeout(() => {
      log.error("Open requests did not finish in time; closing now.");
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    acceptQueued(server, Date.now() + graceMs, () => stopListening(server, connections, force, closed));
  }

  function stopListening(
    server: http.Server,
    connections: Map<net.Socket, Connection>,
    force: NodeJS.Timeout,
    closed: () => void,
  ) {
    // A connection is closed once it was without a request at two sweeps in a row. The
    // event loop reads every socket between two sweeps, so a request that had already
    // arrived (the first on a connection accepted a moment ago, or the next on a kept-alive
    // one) is being answered by the second sweep, however busy the loop was; only a
    // connection that really is idle is closed. http.Server#closeIdleConnections would
    // close those too, resetting their requests.
    const idleAtLastSweep = new Map<net.Socket, number>();
    const sweep = setInterval(() => {
      for (const [socket, connection] of connections) {
        if (connection.active > 0) idleAtLastSweep.delete(socket);
        else if (idleAtLastSweep.get(socket) === connection.requests) socket.destroy();
        else idleAtLastSweep.set(socket, connection.requests);
      }
    }, IDLE_SWEEP_MS);
    // Stop listening; the callback runs once every connection has ended.
    net.Server.prototype.close.call(server, () => {
      clearInterval(sweep);
      clearTimeout(force);
      closed();
    });
  }

  return {
    signals: { draining: draining.signal, closing: closing.signal } satisfies ShutdownSignals,

    /**
     * Shuts `server` down on SIGTERM or SIGINT; `closed` runs once every connection has
     * ended. Only SIGTERM, what orchestrators and process managers send, waits out the
     * drain window; SIGINT is a person at a terminal, who wants the server gone now. A
     * second signal during the window ends it at once.
     */
    onSignals(server: http.Server, closed: () => void) {
      const connections = trackConnections(server);
      const begin = (signal: NodeJS.Signals) => {
        if (closing.signal.aborted) return;
        if (draining.signal.aborted) {
          endWindow?.();
          return;
        }
        draining.abort();
        const windowMs = signal === "SIGTERM" ? drainMs : 0;
        if (windowMs === 0) {
          log.info(`${signal} received: finishing open requests, then closing the database.`);
          close(server, connections, closed);
          return;
        }
        log.info(`${signal} received: /readyz reports draining; serving for ${windowMs} ms more.`);
        const timer = setTimeout(() => endWindow?.(), windowMs);
        endWindow = () => {
          clearTimeout(timer);
          endWindow = undefined;
          log.info("Drain window over: finishing open requests, then closing the database.");
          close(server, connections, closed);
        };
      };
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => begin(signal));
    },
  };
}
