import net from "node:net";

const LOOPBACK = "127.0.0.1";

export type TcpProxy = {
  /** The loopback port clients connect to. */
  port: number;
  /** `url` with its host and port replaced by the proxy's: the same database, reached through it. */
  through(url: string): string;
  /**
   * The database goes away, as when its server stops: every open connection is reset and
   * new ones are refused (ECONNREFUSED) until `restore`.
   */
  cut(): Promise<void>;
  /** Connections are accepted and forwarded again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy on a loopback port in front of `target` (host:port), so a test or a
 * benchmark can take the database away from the site and give it back without
 * restarting either: the site's pool sees exactly what a stopped or restarted
 * PostgreSQL does to it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    // Either side closing or failing ends both, as a dropped connection would.
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, LOOPBACK, () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const dropAll = () => {
    for (const pair of pairs) {
      // A reset, not a polite end: the site's side learns at once, as from a crashed server.
      pair.client.resetAndDestroy();
      pair.server.destroy();
    }
    pairs.clear();
  };

  const port = await listen(0);
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = LOOPBACK;
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    async restore() {
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
