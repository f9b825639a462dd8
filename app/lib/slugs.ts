/**
 * A URL slug from a name: lower case ASCII words joined by hyphens, with Danish letters
 * spelled out (Ærø Roklub → aeroe-roklub). Empty when nothing usable is left.
 */
export function slugify(text: string): string {
  return text
    .replace(/[æÆ]/g, "ae")
    .replace(/[øØ]/g, "oe")
    .replace(/[åÅ]/g, "aa")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
