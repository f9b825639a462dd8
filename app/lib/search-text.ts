/**
 * A search box's text from the URL: control characters dropped (nobody searches for them
 * and PostgreSQL refuses NUL), trimmed, and cut to `max` characters.
 */
export function searchText(searchParams: URLSearchParams, name: string, max: number): string {
  return (searchParams.get(name) ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, max);
}
