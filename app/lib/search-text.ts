/**
 * A search box's text: control characters dropped (nobody searches for them; a NUL,
 * which PostgreSQL refuses, never gets this far, server/http/nul-characters.ts), trimmed,
 * and cut to `max` characters.
 */
export function cleanSearchText(text: string, max: number): string {
  return text
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, max);
}

/** A search box's text from the URL, cleaned as `cleanSearchText` does. */
export function searchText(searchParams: URLSearchParams, name: string, max: number): string {
  return cleanSearchText(searchParams.get(name) ?? "", max);
}
