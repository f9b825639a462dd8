/**
 * The team registration form ('Register Your Team' and editing a booking in My
 * Bookings). The roster's limit is the event's team size, so the schemas are built per
 * event. They accept the form's flat fields (`roster.0.name`, `roster.0.email`, …) as
 * well as a structured `roster` array, and roster messages are keyed by the same flat
 * names so `parseForm` can show each under its own input.
 */
import { z } from "zod";
import { optionalText, requiredText } from "./contact-schema";

/** 8 rowers and a cox. */
const DEFAULT_TEAM_SIZE = 9;

const TEXT_FIELDS = [
  "teamName",
  "company",
  "billingCompany",
  "cvr",
  "ean",
  "poReference",
  "billingEmail",
  "captainName",
  "captainEmail",
  "captainPhone",
  "notes",
] as const;

/** The form field of one roster member's name or email. */
export function rosterFieldName(index: number, part: "name" | "email"): string {
  return `roster.${index}.${part}`;
}

const ROSTER_FIELD = /^roster\.(\d{1,3})\.(name|email)$/;

/** A roster row as typed, with its position in the form so messages land under it. */
type RosterRow = { index: number; name: string; email: string };

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function rosterRows(input: Record<string, unknown>): RosterRow[] {
  if (Array.isArray(input.roster)) {
    return input.roster.map((member: unknown, index) => {
      const fields = typeof member === "object" && member !== null ? (member as Record<string, unknown>) : {};
      return { index, name: asText(fields.name), email: asText(fields.email) };
    });
  }
  const byIndex = new Map<number, RosterRow>();
  for (const [key, value] of Object.entries(input)) {
    const match = ROSTER_FIELD.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = byIndex.get(index) ?? { index, name: "", email: "" };
    row[match[2] as "name" | "email"] = asText(value);
    byIndex.set(index, row);
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/**
 * Missing text fields become empty strings, so each gets its own message rather than
 * a type error; roster rows left blank are dropped, since a roster may be incomplete.
 */
function normalise(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const fields = input as Record<string, unknown>;
  const normalised: Record<string, unknown> = { ...fields };
  for (const name of TEXT_FIELDS) normalised[name] = fields[name] ?? "";
  normalised.roster = rosterRows(fields).filter((row) => row.name !== "" || row.email !== "");
  return normalised;
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

const cvr = z
  .string()
  .transform(digitsOnly)
  .refine((value) => /^\d{8}$/.test(value), { message: "CVR number must be 8 digits" });

/** GS1 check digit: weights 3 and 1 alternate from the right, skipping the check digit itself. */
function hasValidCheckDigit(digits: string): boolean {
  const body = [...digits.slice(0, -1)].reverse();
  const sum = body.reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

const ean = z
  .string()
  .transform(digitsOnly)
  .refine((value) => value === "" || /^\d{13}$/.test(value), { message: "EAN number must be 13 digits" })
  .refine((value) => value === "" || !/^\d{13}$/.test(value) || hasValidCheckDigit(value), {
    message: "This EAN number's last digit does not match; please check it",
  })
  .transform((value) => value || null);

const phone = z
  .string()
  .trim()
  .min(1, "Please enter the captain's phone number")
  .max(40, "Please keep this under 40 characters")
  .refine((value) => /^\+?[0-9 ()-]{6,}$/.test(value), { message: "Please enter a valid phone number" });

const email = (message: string) => z.string().trim().pipe(z.email(message).max(254, message));

const rosterRow = z.object({ index: z.number(), name: z.string(), email: z.string() });

const bookingFields = {
  teamName: requiredText("Please enter your team's name", 100),
  company: requiredText("Please enter your company", 200),
  billingCompany: requiredText("Please enter the company name for the invoice", 200),
  cvr,
  ean,
  poReference: optionalText(100),
  billingEmail: email("Please enter a valid billing email address"),
  captainName: requiredText("Please enter the team captain's name", 200),
  captainEmail: email("Please enter a valid email address for the captain"),
  captainPhone: phone,
  roster: z.array(rosterRow),
  notes: optionalText(2000),
};

/** Roster rules need the event's team size and name each message after its own input. */
function checkRoster(teamSize: number) {
  return (form: { roster: RosterRow[] }, ctx: z.RefinementCtx) => {
    // Rows are counted, and a row beyond the form's last one (roster.9 of 9) is refused too.
    if (form.roster.length > teamSize || form.roster.some((row) => row.index >= teamSize)) {
      ctx.addIssue({ code: "custom", message: `A team has at most ${teamSize} members`, path: ["roster"] });
    }
    for (const row of form.roster) {
      if (row.name === "") {
        ctx.addIssue({
          code: "custom",
          message: "Please enter this member's name",
          path: [rosterFieldName(row.index, "name")],
        });
      } else if (row.name.length > 200) {
        ctx.addIssue({
          code: "custom",
          message: "Please keep this under 200 characters",
          path: [rosterFieldName(row.index, "name")],
        });
      }
      if (row.email !== "" && !z.email().max(254).safeParse(row.email).success) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter a valid email address",
          path: [rosterFieldName(row.index, "email")],
        });
      }
    }
  };
}

/** The roster as stored: positions dropped, an empty email left out. */
const toStored = <T extends { roster: RosterRow[] }>(form: T) => ({
  ...form,
  roster: form.roster.map(({ name, email: address }) => (address ? { name, email: address } : { name })),
});

/** A new registration: the booking plus acceptance of the event's terms. */
export function registrationSchema(teamSize: number = DEFAULT_TEAM_SIZE) {
  return z.preprocess(
    normalise,
    z
      .object({
        ...bookingFields,
        // A checked box sends "on"; an unchecked one sends nothing.
        acceptTerms: z.unknown().optional(),
      })
      .superRefine(checkRoster(teamSize))
      .superRefine((form, ctx) => {
        if (form.acceptTerms !== true && form.acceptTerms !== "on" && form.acceptTerms !== "true") {
          ctx.addIssue({
            code: "custom",
            message: "You must accept the event's terms",
            path: ["acceptTerms"],
          });
        }
      })
      .transform(({ acceptTerms: _accepted, ...form }) => toStored(form)),
  );
}

/** Editing a booking from My Bookings: the same fields; the terms were accepted at booking. */
export function registrationUpdateSchema(teamSize: number = DEFAULT_TEAM_SIZE) {
  return z.preprocess(
    normalise,
    z.object(bookingFields).superRefine(checkRoster(teamSize)).transform(toStored),
  );
}
