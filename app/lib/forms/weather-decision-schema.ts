import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { plainText, says } from "./fields";
import { eventReasonSchema } from "./event-schema";

/** The partner's three calls on the weather (ADR 038). */
export type WeatherDecision = "go" | "move" | "cancel";

const confirmed = z
  .pipe(
    z.optional(z.unknown()),
    z.transform((value) => value === "on" || value === "true"),
  )
  .check(z.refine((value) => value, says(m.valid_confirm_required)));

/** Each call's form: a note for the record; a move asks to confirm, a cancel also for the reason mailed to every team. */
export const WEATHER_DECISION_SCHEMAS = {
  go: z.object({ note: plainText(2000) }),
  move: z.object({ note: plainText(2000), confirm: confirmed }),
  cancel: eventReasonSchema,
} as const;
