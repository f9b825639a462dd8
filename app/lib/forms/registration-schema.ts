/**
 * The team form ('Register Your Team' and editing a booking in My Bookings). The
 * roster's limit is the event's team size, so the schemas are built per event. The
 * roster arrives as a list (`roster[0].name`, `roster[0].email`, … as the form names
 * them) or as the same names flat in a plain object; its messages are keyed by those
 * names so each shows under its own input.
 */
import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import {
  emailAddress,
  formatCount,
  keepUnder,
  optionalText,
  PHONE_PATTERN,
  requiredText,
  says,
  trimmed,
} from "./fields";
import { isValidGln } from "~/lib/billing/numbers";
import { isUuid } from "~/lib/ids";
import { cvrNumber, digitsOnly } from "./company-numbers";

/** 8 rowers and a cox. */
const DEFAULT_TEAM_SIZE = 9;

/** More rows than any boat holds: the rest of a longer list is not read. */
const MAX_ROWS = 100;

/**
 * The form field of one roster member's name or email, or the hidden id that keeps an
 * edited member on their seat (ADR 038).
 */
export function rosterFieldName(index: number, part: "id" | "name" | "email"): string {
  return `roster[${index}].${part}`;
}

const FLAT_ROSTER_FIELD = /^roster\[(\d{1,3})\]\.(id|name|email)$/;

/** A roster row as typed, with its position in the form so messages land under it. */
type RosterRow = { index: number; id: string; name: string; email: string };

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function rowOf(member: unknown, index: number): RosterRow {
  const fields = typeof member === "object" && member !== null ? (member as Record<string, unknown>) : {};
  return { index, id: asText(fields.id), name: asText(fields.name), email: asText(fields.email) };
}

/** The typed rows, from a list or from flat field names; null when the roster is not a list. */
function rosterRows(form: Record<string, unknown>): RosterRow[] | null {
  const { roster } = form;
  // A list, or the object that `roster.0.name` style names make.
  if (Array.isArray(roster) || (typeof roster === "object" && roster !== null)) {
    // Only the rows present: `roster[99999].name` alone makes a sparse list, not 100,000 rows.
    return Object.keys(roster)
      .filter((key) => /^\d+$/.test(key))
      .slice(0, MAX_ROWS + 1)
      .map((key) => rowOf((roster as Record<string, unknown>)[key], Number(key)));
  }
  if (roster !== undefined) return null;
  const byIndex = new Map<number, RosterRow>();
  for (const [key, value] of Object.entries(form)) {
    const match = FLAT_ROSTER_FIELD.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = byIndex.get(index) ?? { index, id: "", name: "", email: "" };
    row[match[2] as "id" | "name" | "email"] = asText(value);
    byIndex.set(index, row);
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** Flat roster fields become the list; rows left blank are dropped, since a roster may be incomplete. */
const withRosterList = z.transform((input: unknown) => {
  if (typeof input !== "object" || input === null) return input;
  const form = input as Record<string, unknown>;
  const rows = rosterRows(form);
  return { ...form, roster: rows?.filter((row) => row.name !== "" || row.email !== "") ?? form.roster };
});

const rosterEmail = z.email().check(z.maxLength(254));

/** Roster rules need the event's team size and name each message after its own input. */
function rosterList(teamSize: number) {
  return z.pipe(
    z.array(z.object({ index: z.number(), id: z.string(), name: z.string(), email: z.string() })),
    z.transform((rows, ctx) => {
      // Rows are counted, and a row beyond the form's last one (roster[9] of 9) is refused too.
      if (rows.length > teamSize || rows.some((row) => row.index >= teamSize)) {
        ctx.issues.push({
          code: "custom",
          message: m.valid_team_too_large({ max: formatCount(teamSize) }),
          input: rows,
        });
      }
      for (const row of rows) {
        const nameMessage =
          row.name === "" ? m.valid_member_name_required() : row.name.length > 200 ? keepUnder(200)() : null;
        if (nameMessage) {
          ctx.issues.push({
            code: "custom",
            message: nameMessage,
            input: row.name,
            path: [row.index, "name"],
          });
        }
        if (row.email !== "" && !z.safeParse(rosterEmail, row.email).success) {
          const message = m.valid_email_invalid();
          ctx.issues.push({ code: "custom", message, input: row.email, path: [row.index, "email"] });
        }
      }
      // The roster as stored: positions dropped, an empty email and a malformed id left out.
      return rows.map(({ id, name, email }) => ({
        // Only a well-formed id is passed on; whether it is this booking's is the command's to check.
        ...(isUuid(id) ? { id: id.toLowerCase() } : {}),
        name,
        ...(email ? { email } : {}),
      }));
    }),
  );
}

const cvr = cvrNumber();

const ean = z.pipe(
  digitsOnly,
  z.pipe(
    z.string().check(
      z.refine((value) => value === "" || /^\d{13}$/.test(value), says(m.valid_ean_format)),
      z.refine(
        (value) => value === "" || !/^\d{13}$/.test(value) || isValidGln(value),
        says(m.valid_ean_check_digit),
      ),
    ),
    z.transform((value) => value || null),
  ),
);

const phone = z.pipe(
  trimmed,
  z
    .string()
    .check(
      z.minLength(1, says(m.valid_captain_phone_required)),
      z.maxLength(40, says(keepUnder(40))),
      z.regex(PHONE_PATTERN, says(m.valid_phone_invalid)),
    ),
);

function bookingFields(teamSize: number) {
  return {
    teamName: requiredText(m.valid_team_name_required, 100),
    company: requiredText(m.valid_company_required, 200),
    billingCompany: requiredText(m.valid_billing_company_required, 200),
    cvr,
    ean,
    poReference: optionalText(100),
    billingEmail: emailAddress(m.valid_billing_email_invalid),
    billingAddressLine: requiredText(m.valid_billing_address_required, 200),
    billingPostalCode: z.pipe(
      requiredText(m.valid_postal_code_required, 10),
      z.string().check(z.regex(/^\d{4}$/, says(m.valid_postal_code_format))),
    ),
    billingCity: requiredText(m.valid_city_required, 100),
    personReference: optionalText(100),
    captainName: requiredText(m.valid_captain_name_required, 200),
    captainEmail: emailAddress(m.valid_captain_email_invalid),
    captainPhone: phone,
    roster: rosterList(teamSize),
    notes: optionalText(2000),
  };
}

/**
 * Building a schema costs more than parsing with it, and every booking would build one,
 * so each team size's schema is built once. Team sizes are few (an event's is bounded),
 * and past that many an unusual size is built per call rather than held.
 */
function builtOncePerTeamSize<Schema>(build: (teamSize: number) => Schema) {
  const built = new Map<number, Schema>();
  return (teamSize: number = DEFAULT_TEAM_SIZE): Schema => {
    const known = built.get(teamSize);
    if (known) return known;
    const schema = build(teamSize);
    if (built.size < 64) built.set(teamSize, schema);
    return schema;
  };
}

/**
 * A discount code as typed: optional, compared in upper case, so "summer-25" finds
 * SUMMER-25. Whether it exists and applies is the booking's to judge (claimDiscountCode).
 */
const discountCode = z.pipe(
  trimmed,
  z.pipe(
    z.string().check(z.maxLength(32, says(keepUnder(32)))),
    z.transform((value) => value.toUpperCase() || null),
  ),
);

/** A new registration: the booking, any discount code, and acceptance of the event's terms. */
export const registrationSchema = builtOncePerTeamSize((teamSize) =>
  z.pipe(
    withRosterList,
    z.pipe(
      z
        .object({
          ...bookingFields(teamSize),
          discountCode,
          // A checked box sends "on"; an unchecked one sends nothing.
          acceptTerms: z.optional(z.unknown()),
        })
        .check(
          z.refine(
            (form) => form.acceptTerms === true || form.acceptTerms === "on" || form.acceptTerms === "true",
            {
              error: () => m.valid_accept_event_terms(),
              path: ["acceptTerms"],
              // Checked even when other fields are wrong, so every message shows at once.
              when: ({ value }) => typeof value === "object" && value !== null,
            },
          ),
        ),
      z.transform(({ acceptTerms: _accepted, ...form }) => form),
    ),
  ),
);

/** Editing a booking from My Bookings: the same fields; the terms were accepted at booking. */
export const registrationUpdateSchema = builtOncePerTeamSize((teamSize) =>
  z.pipe(withRosterList, z.object(bookingFields(teamSize))),
);
