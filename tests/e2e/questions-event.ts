/**
 * The event whose team question the captain answers in the crew-page test, which the global
 * setup adds (data-dir.ts): published, of the harbour club, five weeks ahead, asking each
 * team a required long question and an optional short one. Only that test books it.
 */
export const QUESTIONS_EVENT = {
  slug: "harbour-question-regatta",
  title: "Harbour Question Regatta",
  daysAhead: 35,
  partnerSlug: "copenhagen-harbour-rowing-club",
  question: "Anything the kitchen should know for the team's lunch?",
  boatQuestion: "What should your boat be called?",
} as const;
