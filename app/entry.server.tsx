import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { databaseUnavailability } from "#server/db/unavailable";
import { reportError } from "#server/error-reporting";
import { loggedPath } from "#server/http/request-log";
import { CspNonceContext } from "~/lib/csp-nonce";

/**
 * Logs loader, action and render failures with the path, once, on the server. A query
 * the database could not serve (busy, unreachable, too slow) is not a bug: the host
 * answers it 503 and logs it as overload (server/http/overload.ts).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  // A visitor who navigated away aborts the request; that is not a failure.
  if (request.signal.aborted) return;
  const unavailable = databaseUnavailability(error);
  if (unavailable) {
    context.reportUnavailable(unavailable);
    return;
  }
  const path = loggedPath(new URL(request.url).pathname);
  reportError(error, `Error while serving ${request.method} ${path}`, { method: request.method, path });
}

/**
 * React Router's default Node entry, plus the CSP nonce on every inline script, and no
 * render timeout: the loaders have all answered before rendering starts (no page defers
 * data), so a render only takes CPU time, and cutting it off would send a page without
 * its hydration data. A slow render is a slow page, never a broken one. The render stops
 * only when the visitor has gone.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Set once the render exists; a visitor may leave before.
    let abortRender = () => undefined as void;
    const stop = () => abortRender();
    request.signal.addEventListener("abort", stop, { once: true });
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        // React writes a finished Suspense boundary out of place (a placeholder, then its
        // HTML in a hidden element that an inline script moves in) once this many bytes
        // have been written. The sections and forms that hydrate later (ADR 027) are
        // finished before rendering starts and must stay in place, visible without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          request.signal.removeEventListener("abort", stop);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router itself.
          if (shellRendered) reportError(error, "Error while streaming a page");
        },
      },
    );
    abortRender = abort;
  });
}
