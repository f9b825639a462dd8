import sanitizeHtml from "sanitize-html";

/**
 * Rich text written by partners and admins is the main XSS risk, so it is cleaned on
 * write with a strict allowlist; pages render only the sanitized column.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
  ],
  // rel and target are always overwritten by the transform below.
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
