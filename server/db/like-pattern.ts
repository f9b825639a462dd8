/** `%`, `_` and `\` typed by a visitor are matched literally, not as wildcards. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
