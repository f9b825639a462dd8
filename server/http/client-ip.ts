/**
 * The visitor's address as the outermost of `trustedProxies` proxies saw it, read from
 * X-Forwarded-For, or undefined to use the socket's peer. Each proxy appends the address
 * it received the request from, so with N trusted proxies the visitor is the N-th entry
 * from the right; entries further left were written by the client and could be anything.
 * With fewer entries than proxies the request skipped the outer ones, and the leftmost
 * entry, appended by a trusted proxy, is the visitor.
 */
export function forwardedClientIp(
  forwardedFor: string | undefined,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies < 1 || !forwardedFor) return undefined;
  const entries = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-Math.min(trustedProxies, entries.length));
}
