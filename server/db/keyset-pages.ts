/** Rows per keyset page: large enough that a round trip is a small share of a page's cost. */
export const KEYSET_PAGE_SIZE = 2_000;

/**
 * A query's rows a page at a time, in its order, for a reader that must not hold them
 * all (a CSV export): `read(after, size)` returns at most `size` rows that come after
 * the row `after` in the query's order (`null`: from the first). Each page is read only
 * when the one before has been taken, and reading stops at the first short page. Unlike
 * an offset, "after this row" costs the same on the last page as on the first and skips
 * nothing when rows are added or removed between pages.
 */
export async function* keysetPages<Row>(
  read: (after: Row | null, size: number) => Promise<Row[]>,
  size: number = KEYSET_PAGE_SIZE,
): AsyncGenerator<Row[], void, undefined> {
  let after: Row | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < size || !last) return;
    after = last;
  }
}
