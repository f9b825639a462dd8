/**
 * The rules the partner's two editors share, the event editor and the profile editor:
 * lists as Conform posts them, and images as the upload field sends them back. Kept apart
 * from `fields.ts`, so the public forms' pages do not ship them.
 */
import * as z from "zod/mini";
import { LOCALES } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { formatCount, plainText, says, type Message } from "./fields";

/** A field of a form's value before it is known to be an object: for checks that run on a form with errors. */
export const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The language a partner writes in (ADR 034): one of the site's two. */
export const contentLanguage = z.enum(LOCALES, { error: () => m.valid_language_choose() });

/** An empty optional field means "none" (null in a nullable column). */
export const orNull = z.transform((value: string) => value || null);

/** A list as posted: Conform's list, a single value, or nothing at all (an emptied list). */
export const asList = z.transform((value: unknown): unknown[] => {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value)) return Array.from(value);
  return [value];
});

/** The message of a list longer than its `max` rows. */
const tooManyRows =
  (max: number): Message =>
  () =>
    m.valid_list_too_long({ max: formatCount(max) });

/**
 * A row as stored: a translation left empty is not kept (ADR 034), so a row written in
 * one language is stored as it was before translations existed.
 */
function withoutEmptyTranslations<T extends object>(row: T): WithOptionalTranslations<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([key, value]) => !(key.endsWith("Translation") && value === "")),
  ) as WithOptionalTranslations<T>;
}

type TranslationKeysOf<T> = Extract<keyof T, `${string}Translation`>;
type WithOptionalTranslations<T> = Omit<T, TranslationKeysOf<T>> & Partial<Pick<T, TranslationKeysOf<T>>>;

/** A list of rows: more than `max` is refused; rows left blank are dropped after the check. */
export function rowList<T extends object>(
  row: z.ZodMiniType<T, object>,
  isBlank: (value: T) => boolean,
  max: number,
) {
  return z.pipe(
    asList,
    z.pipe(
      z
        .array(
          z.pipe(
            z.transform((value: unknown) => value ?? {}),
            row,
          ),
        )
        .check(z.maxLength(max, says(tooManyRows(max)))),
      z.transform((values: T[]) => values.filter((value) => !isBlank(value)).map(withoutEmptyTranslations)),
    ),
  );
}

/**
 * An image as the upload field sends it back: an upload's id (or a sample image's
 * address) and its alt text, which every image needs. The server rebuilds the rest from
 * its own rows (server/images/attach-images.ts).
 */
export const image = z
  .object({
    imageId: z.optional(z.string().check(z.maxLength(100))),
    src: z.optional(z.string().check(z.maxLength(500))),
    alt: plainText(300),
    altTranslation: z.optional(plainText(300)),
  })
  .check(
    z.refine((row) => row.alt !== "", {
      error: () => m.valid_image_alt_required(),
      path: ["alt"],
    }),
  );

/** A field with an image or none (a cover, a logo): a removed image sends no fields at all. */
export const optionalImage = z.pipe(
  z.transform((value: unknown): unknown =>
    value && typeof value === "object" && ("imageId" in value || "src" in value) ? value : null,
  ),
  z.nullable(image),
);
