import type { Locale } from "~/lib/i18n/locale";

/**
 * Whether rowers who cannot swim may take part in an event (ADR 038): not at all, or
 * under the rule the event states. Shown on the rower page, the crew list and at check-in.
 */
export const NON_SWIMMER_CHOICES = ["not_allowed", "with_rule"] as const;
export type NonSwimmers = (typeof NON_SWIMMER_CHOICES)[number];

/** DFfR's rule for rowers who cannot swim, an event's default (ADR 038). */
export const NON_SWIMMER_RULE_EN =
  "Rowers who cannot swim wear a life vest, row with an instructor in the boat and stay within 100 m of the shore.";
export const NON_SWIMMER_RULE_DA =
  "Roere, der ikke kan svømme, bærer redningsvest, ror med en instruktør i båden og holder sig inden for 100 m fra land.";

/** The rule for the language an event is written in: the main text in it, the translation in the other. */
export function defaultNonSwimmerRule(language: Locale): { rule: string; translation: string } {
  return language === "da"
    ? { rule: NON_SWIMMER_RULE_DA, translation: NON_SWIMMER_RULE_EN }
    : { rule: NON_SWIMMER_RULE_EN, translation: NON_SWIMMER_RULE_DA };
}
