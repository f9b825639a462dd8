/** A key the stores accept: a plain file name, never a path (`..`, `/`) out of the store. */
export const isFileKey = (key: string) => /^[a-z0-9][a-z0-9-]*\.(webp|jpg)$/.test(key);

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg" };

/** The content type of a stored file, from its key's extension. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
