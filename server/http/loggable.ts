import { loggedPath } from "./request-log";

/**
 * A field a browser sent (a CSP report's, a script error's) as it may go into a log line:
 * at most `maxLength` characters, printable, and for an address without its query or
 * fragment, which may hold a token (a reset link's, for example). "-" when there is none.
 */
export function loggable(value: unknown, maxLength = 200): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string" || value === "") return "-";
  let text = value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    // An invitation page's path holds its token; the request log hides it the same way.
    text = `${url.origin}${loggedPath(url.pathname)}`;
  }
  // eslint-disable-next-line no-control-regex -- control characters could forge log lines
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text || "-";
}

/** A text with every address in it cut before its query or fragment: an error's message or stack. */
export function withoutUrlQueries(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s()]*/gi, "$1");
}
