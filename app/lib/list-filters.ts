import * as z from "zod/mini";
import { parseCopenhagenInput } from "~/lib/dates";
import { UUID_PATTERN } from "~/lib/ids";
import { cleanSearchText } from "~/lib/search-text";

type FilterSchema = z.ZodMiniObject;

function givenFilters<Schema extends FilterSchema>(url: URL, schema: Schema) {
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, url.searchParams.get(name) ?? undefined]),
  );
}

/**
 * A list page's filters, read from its address: each field of `schema` is the query
 * parameter of the same name, and every field falls back to its default on a missing or
 * bad value (a bookmarked link from an older version, a typo): a filter never answers an
 * error, it shows the list unfiltered by what it did not understand.
 */
export function readListFilters<Schema extends FilterSchema>(url: URL, schema: Schema): z.output<Schema> {
  return schema.parse(givenFilters(url, schema));
}

/**
 * What the list says above itself about the filters `readListFilters` set aside
 * (`FilterProblems`): for each filter of `notUnderstood` given in the address but not
 * understood, its sentence, in the order of `notUnderstood`. A blank value is no filter.
 */
export function listFilterProblems<Schema extends FilterSchema>(
  url: URL,
  schema: Schema,
  notUnderstood: Partial<Record<keyof Schema["shape"] & string, string>>,
): string[] {
  const given = givenFilters(url, schema);
  return Object.entries(notUnderstood).flatMap(([name, problem]) => {
    const field = schema.shape[name];
    const value = given[name]?.trim() ?? "";
    if (!field || !problem || value === "") return [];
    const fallback: unknown = z.parse(field, undefined);
    return value !== fallback && z.parse(field, given[name]) === fallback ? [problem] : [];
  });
}

/** One of `values`, or `fallback` ("all", the list's usual view). */
export function filterChoice<const Value extends string, const Fallback extends string>(
  values: readonly Value[],
  fallback: Fallback,
) {
  return z.catch(z.union([z.enum(values), z.literal(fallback)]), fallback);
}

/** A search box's text: control characters dropped, trimmed, at most `max` characters; "" when absent. */
export function filterText(max: number) {
  return z.pipe(
    z.catch(z.string(), ""),
    z.transform((text) => cleanSearchText(text, max)),
  );
}

/** A record's id (a partner chosen from a select), in lower case as the database writes it; "" for any. */
export function filterId() {
  return z.catch(
    z.pipe(
      z.string().check(z.regex(UUID_PATTERN)),
      z.transform((id) => id.toLowerCase()),
    ),
    "",
  );
}

/**
 * A day as a date input sends it ("2027-06-15"), a real one from 1900 on; "" when absent.
 * The year has four digits, so comparing the text compares the days.
 */
export function filterDay() {
  return z.catch(
    z.string().check(
      z.trim(),
      z.refine((day) => day === "" || (day >= "1900" && parseCopenhagenInput(`${day}T00:00`) !== null)),
    ),
    "",
  );
}
