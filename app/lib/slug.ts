/** Lower-case words joined by single hyphens, as the database enforces for event and partner slugs. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 120;

/** Rejects unicode, dots, slashes and other shapes before they reach a query. */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
