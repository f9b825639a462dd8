/**
 * A rower's answers on their seat's page, and a partner's declaration text (ADR 038).
 */
import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { keepUnder, PHONE_PATTERN, plainText, requiredText, says, trimmed } from "./fields";

/** Swims yes or no, and someone to call: what confirming a seat takes. */
export const seatConfirmationSchema = z.object({
  swims: z.pipe(
    trimmed,
    z.pipe(
      z
        .string()
        .check(z.refine((value) => value === "yes" || value === "no", says(m.valid_seat_swims_choose))),
      z.transform((value) => value === "yes"),
    ),
  ),
  emergencyName: requiredText(m.valid_emergency_name_required, 200),
  emergencyPhone: z.pipe(
    trimmed,
    z
      .string()
      .check(
        z.minLength(1, says(m.valid_emergency_phone_required)),
        z.maxLength(40, says(keepUnder(40))),
        z.regex(PHONE_PATTERN, says(m.valid_phone_invalid)),
      ),
  ),
});

/** The declaration in the event's language and its translation, which may be empty. */
export const declarationSchema = z.object({
  text: requiredText(m.valid_declaration_text_required, 10_000),
  textTranslation: plainText(10_000),
});
