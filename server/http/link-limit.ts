import { isAppError } from "#server/errors";
import { reserveRateLimits } from "#server/security/rate-limits";
import { errorResponse } from "./respond";

/**
 * Opens what a rower's or a captain's link names (ADR 038), counting the attempt against
 * `rowerLinkPerAddress` and giving it back when the link opened something: only links
 * that open nothing stay counted. Over the limit every link from the address is the 429
 * page, in the visitor's language, whether or not it names a seat.
 */
export async function openCountedLink<T>(
  { db, clientIp }: { db: Parameters<typeof reserveRateLimits>[0]; clientIp: string },
  open: () => Promise<T | null>,
  /**
   * Whether a link that opened nothing was still one the site signed (a closed booking's,
   * an ended event's): no guess, so it is given back too. For links that mail providers
   * open from shared addresses, whose old links would otherwise use up the address's limit.
   */
  signed?: () => Promise<boolean>,
): Promise<T | null> {
  let attempt;
  try {
    attempt = await reserveRateLimits(db, [["rowerLinkPerAddress", clientIp]]);
  } catch (error) {
    if (isAppError(error)) throw errorResponse(error);
    throw error;
  }
  const found = await open();
  if (found || (signed && (await signed()))) await attempt.release();
  return found;
}

/** A link page's headers: the link is its holder's key, so no copy is kept on the way. */
export function linkPageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
