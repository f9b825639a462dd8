import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "#server/db/client";
import { authHeaders, type Auth } from "#server/auth/auth";
import type { MailQueue } from "#server/email/enqueue-email";
import type { FileStore } from "#server/storage/file-store";
import { contentTypeOf, isFileKey } from "#server/storage/keys";
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE } from "~/lib/images";
import { forwardedClientIp } from "./client-ip";
import "#server/context";

export type HttpAppOptions = {
  database: DatabaseHandle;
  auth: Auth;
  jobs: MailQueue;
  /** Where uploads are stored; the host serves them under /uploads. */
  files: FileStore;
  /** The public origin (BASE_URL). */
  baseUrl: string;
  /** How many proxies in front of the site to trust for X-Forwarded-For (TRUST_PROXY); 0 for none. */
  trustProxy?: number;
  /** The React Router server build, or a loader for it (the dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Folder of the client build; absent in development, where Vite serves assets. */
  clientDir?: string;
};

type HostEnv = { Variables: { secureHeadersNonce?: string } };

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Serves files from `root`, marking each file found with the given Cache-Control. */
const staticFiles = (root: string, cacheControl: string): MiddlewareHandler =>
  serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", cacheControl) });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Every form of the site fits in a small fraction of this, even with a full team roster. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The image upload: one file of at most 10 MB, and room for the multipart framing and the partner's id. */
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/**
 * The editors with a rich-text field: room for a description far over its limit, so the
 * form's own check answers next to the field (and keeps the text) instead of a bare 413.
 */
const EDITOR_BODY_BYTES = 4 * 1024 * 1024;
const EDITOR_PATHS = /^\/dashboard\/partner\/(profile|events\/[^/]+)(\.data)?$/;
const PRIVATE_PATHS = /^\/(dashboard|api\/auth|login|signup|logout|forgot-password|reset-password)(\/|\.|$)/;

/** The origin of a Referer, for old browsers that send no Origin header. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

/** The visitor's address: the socket's peer, or behind trusted proxies the address they saw. */
function clientIp(c: Context, trustProxy: number): string {
  const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"), trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests) have no socket.
    return "unknown";
  }
}

export function createHttpApp({
  database,
  auth,
  jobs,
  files,
  baseUrl,
  trustProxy = 0,
  build,
  mode,
  clientDir,
}: HttpAppOptions) {
  const app = new Hono<HostEnv>();

  app.use(
    secureHeaders({
      // Vite's dev server injects inline scripts and a websocket; the policy is for real deployments.
      contentSecurityPolicy:
        mode === "production"
          ? {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", NONCE],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              frameAncestors: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              objectSrc: ["'none'"],
            }
          : undefined,
      strictTransportSecurity: mode === "production" ? "max-age=15552000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
    }),
  );
  const compressResponse = compress();
  // A compressed event stream would be held back in the compressor's buffer.
  app.use("*", (c, next) =>
    c.req.header("accept")?.includes("text/event-stream") ? next() : compressResponse(c, next),
  );

  // Cross-site request forgery: a state-changing request must come from a page of this site.
  app.use("*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin") ?? originOf(c.req.header("referer"));
    const allowed = [new URL(c.req.url).origin, new URL(baseUrl).origin];
    if (!origin || !allowed.includes(origin)) {
      return c.text("This request did not come from a page of this site.", 403);
    }
    return next();
  });

  // A larger body is refused before anything reads it into memory: by its Content-Length,
  // or once a body sent without one passes the limit.
  const siteBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.text("This request is too large.", 413),
  });
  const uploadBodyLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BODY_BYTES,
    onError: (c) => c.json({ error: TOO_LARGE_MESSAGE, fields: { file: TOO_LARGE_MESSAGE } }, 413),
  });
  const editorBodyLimit = bodyLimit({
    maxSize: EDITOR_BODY_BYTES,
    onError: (c) => c.text("This request is too large.", 413),
  });
  app.use("*", (c, next) => {
    if (c.req.path === IMAGE_UPLOAD_PATH) return uploadBodyLimit(c, next);
    if (EDITOR_PATHS.test(c.req.path)) return editorBodyLimit(c, next);
    return siteBodyLimit(c, next);
  });

  // Personal pages and anything that sets a cookie must never sit in a shared cache.
  app.use("*", async (c, next) => {
    await next();
    if (PRIVATE_PATHS.test(c.req.path) || c.res.headers.has("set-cookie")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  });

  app.get("/healthz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ok", database: { kind: database.kind, reachable: true } });
    } catch (error) {
      console.error(`Health check: database unreachable: ${(error as Error).message}`);
      return c.json({ status: "error", database: { kind: database.kind, reachable: false } }, 503);
    }
  });

  if (clientDir) {
    // File names under /assets carry a content hash, so they never change.
    app.use("/assets/*", staticFiles(clientDir, `public, max-age=${ONE_YEAR}, immutable`));
    const publicFiles = staticFiles(clientDir, "public, max-age=3600");
    // Only paths that name a file (favicon.svg, images/…) are looked up on disk; pages are not.
    app.use("*", async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  // Uploaded files, from whichever store holds them. Their names carry a content hash and
  // never change, so browsers and CDNs may keep them for a year.
  app.get("/uploads/:key", async (c) => {
    const key = c.req.param("key");
    const file = isFileKey(key) ? await files.get(key) : null;
    if (!file) return c.text("Not found", 404);
    const headers: Record<string, string> = {
      "Content-Type": contentTypeOf(key),
      "Cache-Control": `public, max-age=${ONE_YEAR}, immutable`,
      "X-Content-Type-Options": "nosniff",
    };
    if (file.size !== undefined) headers["Content-Length"] = String(file.size);
    return new Response(c.req.method === "HEAD" ? null : file.body, { headers });
  });

  // better-auth's own endpoints: email verification and reset links land here.
  app.on(["GET", "POST"], "/api/auth/*", (c) =>
    // better-auth keys its rate limits by the client address header, set from the real peer.
    auth.handler(new Request(c.req.raw, { headers: authHeaders(c.req.raw, clientIp(c, trustProxy)) })),
  );

  const handleRequest = createRequestHandler(build, mode);
  app.all("*", (c) =>
    handleRequest(
      c.req.raw,
      Object.assign(new RouterContextProvider(), {
        db: database.db,
        auth,
        jobs,
        files,
        baseUrl,
        clientIp: clientIp(c, trustProxy),
        cspNonce: c.get("secureHeadersNonce"),
      }),
    ),
  );

  return app;
}
