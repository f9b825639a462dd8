/**
 * One page of a list, in its query's order, and how many rows all its pages hold, read
 * together: `rows` without its limit and offset, `total` a `{ n: count() }` select with
 * the same conditions. Pages count from 1.
 */
export async function listPage<Row>(
  rows: { limit(size: number): { offset(skip: number): PromiseLike<Row[]> } },
  total: PromiseLike<{ n: number }[]>,
  { page, size }: { page: number; size: number },
): Promise<{ rows: Row[]; total: number }> {
  const [pageRows, [counted]] = await Promise.all([rows.limit(size).offset((page - 1) * size), total]);
  return { rows: pageRows, total: counted?.n ?? 0 };
}
