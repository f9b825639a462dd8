import type { Context, MiddlewareHandler } from "hono";

/**
 * How much of a refused body is still read (and thrown away) so that the connection can
 * carry the client's next request. A larger one is not read at all.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

type TooLarge = (c: Context) => Response | Promise<Response>;

/**
 * Refuses a request body over `maxSize` bytes with the answer `tooLarge` gives, before
 * anything holds the body in memory: at once by its Content-Length, or once a body sent
 * without one passes the limit.
 *
 * The refusal must not break the connection. A server that answers and then closes the
 * socket while the client is still sending resets it, and the client loses the answer or
 * the next request it sends on that keep-alive connection. So the rest of a refused body
 * is read and discarded first, up to DISCARD_LIMIT_BYTES, and the connection stays usable.
 * A body beyond that is not worth reading: the answer then says `Connection: close`, so
 * the client opens a new connection for its next request.
 */
export function limitBody(maxSize: number, tooLarge: TooLarge): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.has("transfer-encoding") ? null : c.req.header("content-length");
    if (declared !== undefined && declared !== null) {
      const length = Number(declared);
      if (Number.isSafeInteger(length) && length <= maxSize) return next();
      if (!Number.isSafeInteger(length) || length > DISCARD_LIMIT_BYTES) return closing(await tooLarge(c));
      const reader = body.getReader();
      return (await discard(reader, DISCARD_LIMIT_BYTES)) ? tooLarge(c) : closing(await tooLarge(c));
    }

    // No length given: read up to the limit, and keep what was read for the handler.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        const drained = await discard(reader, DISCARD_LIMIT_BYTES - size);
        return drained ? tooLarge(c) : closing(await tooLarge(c));
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: concat(chunks, size) });
    return next();
  };
}

/**
 * Reads the rest of a body and drops it. False when it goes on past `budget` bytes or
 * breaks off; the reader is then cancelled, which lets go of the connection.
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let left = budget;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      left -= value.byteLength;
      if (left < 0) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    // The client went away mid-body; there is nobody left to answer cleanly.
    return false;
  }
}

/** The answer, marked so that the client does not send another request on this connection. */
function closing(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Connection", "close");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}
