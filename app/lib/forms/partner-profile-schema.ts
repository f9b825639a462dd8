/**
 * The partner profile editor (/dashboard/partner/profile), checked in the browser and
 * parsed again by `updatePartnerProfile`. Lists arrive as Conform names them
 * (`facilities[0]`, `testimonials[1].name`); rows left blank are dropped after the check,
 * so each message stays under the row it is about.
 */
import * as z from "zod/mini";
import { asList, contentLanguage, fieldOf, image, optionalImage, orNull, rowList } from "./editor-fields";
import { m } from "~/paraglide/messages";
import {
  emailAddress,
  formatCount,
  isSocialLink,
  plainText,
  requiredText,
  says,
  text,
  trimmed,
} from "./fields";

/** The earliest founding year the profile accepts. */
export const EARLIEST_FOUNDED_YEAR = 1800;

/** More rows than a profile needs; a longer list is refused rather than stored. */
export const MAX_LIST_ROWS = 30;

/** The host a website names: `https://www.club.dk/about` and `club.dk` both give the host. */
function hostOf(value: string): string | null {
  if (value === "") return "";
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password || url.port) return null;
    const host = url.hostname.toLowerCase();
    return /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** Stored as its host only, as the partners.website column holds it. */
const website = z.pipe(
  plainText(300),
  z.pipe(
    z.transform(hostOf),
    z.pipe(
      z.nullable(z.string()).check(z.refine((value) => value !== null, says(m.valid_website_example))),
      z.transform((value) => value || null),
    ),
  ),
);

/** An https link to a page on `site`, for the social links. */
function socialLink(site: string, label: string) {
  const message = () => m.valid_own_social_link({ label, site });
  return z.pipe(
    plainText(300),
    z.pipe(z.string().check(z.refine((value) => isSocialLink(value, site), says(message))), orNull),
  );
}

/**
 * Danish numbers (8 digits, optionally after +45 or 0045) or international ones in
 * E.164 form (+ or 00, then up to 15 digits); spaces, dashes and brackets are ignored.
 */
export function isPhoneNumber(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, "");
  return /^(\+45|0045)?\d{8}$/.test(compact) || /^(\+|00)[1-9]\d{6,14}$/.test(compact);
}

const phone = z.pipe(
  plainText(40),
  z.string().check(
    z.refine(
      (value) => value === "" || isPhoneNumber(value),
      says(() => m.valid_phone_example({ example: "+45 12 34 56 78" })),
    ),
  ),
);

const email = z.pipe(
  plainText(254),
  z
    .string()
    .check(
      z.refine(
        (value) => value === "" || z.safeParse(emailAddress(), value).success,
        says(m.valid_email_invalid),
      ),
    ),
);

/** A year from 1800 to this year; the current year is read when the form is checked. */
const foundedYear = z.pipe(
  trimmed,
  z.transform((value, ctx) => {
    if (value === "") return null;
    if (!/^\d{1,4}$/.test(value)) {
      ctx.issues.push({ code: "custom", message: m.valid_year_format(), input: value });
      return z.NEVER;
    }
    const year = Number(value);
    if (year > new Date().getFullYear()) {
      ctx.issues.push({ code: "custom", message: m.valid_founded_year_future(), input: value });
    } else if (year < EARLIEST_FOUNDED_YEAR) {
      const message = m.valid_founded_year_too_early({ year: String(EARLIEST_FOUNDED_YEAR) });
      ctx.issues.push({ code: "custom", message, input: value });
    }
    return year;
  }),
);

/** A field's text as typed, for the checks that compare two of them. */
const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A row's translation needs the text it translates (ADR 034). */
const mainBeforeTranslation = <R extends Record<string, string>>(key: keyof R & string) =>
  z.refine<R>((row) => row[key] !== "" || row[`${key}Translation`] === "", {
    error: () => m.valid_translation_needs_main(),
    path: [key],
  });

type TextRow = { text: string; textTranslation: string };

/**
 * Facilities and services: one line of text each, with its translation (stored as two
 * lists of the same length, server/partners/partner-profile.ts).
 */
const textList = rowList(
  z
    .object({ text: plainText(200), textTranslation: plainText(200) })
    .check(mainBeforeTranslation<TextRow>("text")),
  (row) => row.text === "" && row.textTranslation === "",
  MAX_LIST_ROWS,
);

type TestimonialRow = {
  name: string;
  position: string;
  comment: string;
  positionTranslation: string;
  commentTranslation: string;
};

const testimonial = z
  .object({
    name: plainText(200),
    position: plainText(200),
    comment: plainText(2000),
    positionTranslation: plainText(200),
    commentTranslation: plainText(2000),
  })
  .check(
    z.refine(
      (row) =>
        row.name !== "" ||
        (row.position === "" &&
          row.comment === "" &&
          row.positionTranslation === "" &&
          row.commentTranslation === ""),
      { error: () => m.valid_testimonial_name_required(), path: ["name"] },
    ),
    z.refine((row) => row.comment !== "" || (row.name === "" && row.position === ""), {
      error: () => m.valid_testimonial_comment_required(),
      path: ["comment"],
    }),
    mainBeforeTranslation<TestimonialRow>("position"),
    mainBeforeTranslation<TestimonialRow>("comment"),
  );

const testimonials = rowList(
  testimonial,
  (row) =>
    row.name === "" && row.comment === "" && row.positionTranslation === "" && row.commentTranslation === "",
  MAX_LIST_ROWS,
);

export const MAX_GALLERY_IMAGES = 24;

const gallery = z.pipe(
  asList,
  z.array(image).check(
    z.maxLength(
      MAX_GALLERY_IMAGES,
      says(() => m.valid_gallery_too_long({ max: formatCount(MAX_GALLERY_IMAGES) })),
    ),
  ),
);

/** A rich-text field as typed; the command sanitises it before it is stored or shown. */
const richText = z.pipe(text, z.string().check(z.maxLength(50_000, says(m.valid_description_too_long))));

export const partnerProfileSchema = z
  .object({
    // A form without it (one rendered before the field existed) keeps the partner's language.
    language: z.optional(contentLanguage),
    name: requiredText(m.valid_organization_name_required, 200),
    location: requiredText(m.valid_organization_location_required, 200),
    address: plainText(300),
    phone,
    email,
    website,
    facebookUrl: socialLink("facebook.com", "Facebook"),
    instagramUrl: socialLink("instagram.com", "Instagram"),
    linkedinUrl: socialLink("linkedin.com", "LinkedIn"),
    foundedYear,
    memberships: plainText(200),
    description: requiredText(m.valid_short_description_required, 500),
    descriptionTranslation: plainText(500),
    fullDescriptionHtml: richText,
    fullDescriptionHtmlTranslation: richText,
    facilities: textList,
    services: textList,
    testimonials,
    logo: optionalImage,
    cover: optionalImage,
    gallery,
  })
  .check(
    // A translation translates something: the message goes on the main text's field (ADR 034).
    ...(["description", "fullDescriptionHtml"] as const).map((main) =>
      z.refine(
        (value: unknown) =>
          textOf(fieldOf(value, main)) !== "" || textOf(fieldOf(value, `${main}Translation`)) === "",
        {
          error: () => m.valid_translation_needs_main(),
          path: [main],
          // Checked even when other fields are wrong, so every message shows at once.
          when: ({ value }) => typeof value === "object" && value !== null,
        },
      ),
    ),
  );
