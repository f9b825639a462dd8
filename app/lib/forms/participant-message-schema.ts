import * as z from "zod/mini";
import { text } from "./fields";

const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;

export const MESSAGE_AUDIENCES = ["captains", "everyone"] as const;
export const MESSAGE_TEAMS = ["confirmed", "waitlisted", "both"] as const;

export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export type MessageTeams = (typeof MESSAGE_TEAMS)[number];

/** Who a message goes to: the page's radios, and the address of its recipient count. */
export type RecipientChoice = { audience: MessageAudience; teams: MessageTeams };

const DEFAULT_RECIPIENT_CHOICE: RecipientChoice = { audience: "captains", teams: "confirmed" };

export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  captains: "Captains only",
  everyone: "Captains and every team member with an email",
};

export const TEAMS_LABELS: Record<MessageTeams, string> = {
  confirmed: "Confirmed teams",
  waitlisted: "Waitlisted teams",
  both: "Confirmed and waitlisted teams",
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/** The choice in an address (`?audience=everyone&teams=both`); anything unknown is the default. */
export function recipientChoiceFrom(params: URLSearchParams): RecipientChoice {
  const audience = params.get("audience");
  const teams = params.get("teams");
  return {
    audience: isOneOf(MESSAGE_AUDIENCES, audience) ? audience : DEFAULT_RECIPIENT_CHOICE.audience,
    teams: isOneOf(MESSAGE_TEAMS, teams) ? teams : DEFAULT_RECIPIENT_CHOICE.teams,
  };
}

/**
 * A partner's message to the teams of one event: plain text, mailed as written. The
 * subject goes into a mail header, so runs of white space (line breaks included) become
 * one space. `confirmedCount` is the number of people the sender was shown before
 * sending; when it no longer matches, the command asks them to look again.
 */
export const participantMessageSchema = z.object({
  subject: z.pipe(
    text,
    z.pipe(
      z.transform((value: string) => value.replace(/\s+/g, " ").trim()),
      z
        .string()
        .check(
          z.minLength(1, "Please enter a subject."),
          z.maxLength(MESSAGE_SUBJECT_MAX, `The subject can be at most ${MESSAGE_SUBJECT_MAX} characters.`),
        ),
    ),
  ),
  body: z.pipe(
    text,
    z.pipe(
      z.transform((value: string) => value.trim()),
      z
        .string()
        .check(
          z.minLength(1, "Please write the message."),
          z.maxLength(MESSAGE_BODY_MAX, "The message can be at most 20,000 characters."),
        ),
    ),
  ),
  audience: z.enum(MESSAGE_AUDIENCES, { message: "Please choose who receives the message." }),
  teams: z.enum(MESSAGE_TEAMS, { message: "Please choose which teams receive the message." }),
  confirmedCount: z.optional(z.string()),
});

/** "1 person", "14 people". */
export const peopleCount = (count: number) => `${count} ${count === 1 ? "person" : "people"}`;
