import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { formatCount, says, text } from "./fields";

const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;

export const MESSAGE_AUDIENCES = ["captains", "everyone"] as const;
export const MESSAGE_TEAMS = ["confirmed", "waitlisted", "both"] as const;

export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export type MessageTeams = (typeof MESSAGE_TEAMS)[number];

/** Who a message goes to: the page's radios, and the address of its recipient count. */
export type RecipientChoice = { audience: MessageAudience; teams: MessageTeams };

const DEFAULT_RECIPIENT_CHOICE: RecipientChoice = { audience: "captains", teams: "confirmed" };

/**
 * The choices' names. Each is read when it is shown (a getter calls its message), so it
 * is in the language of the page that reads it, never the one the module loaded in.
 */
export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  get captains() {
    return m.valid_audience_captains();
  },
  get everyone() {
    return m.valid_audience_everyone();
  },
};

export const TEAMS_LABELS: Record<MessageTeams, string> = {
  get confirmed() {
    return m.valid_teams_confirmed();
  },
  get waitlisted() {
    return m.valid_teams_waitlisted();
  },
  get both() {
    return m.valid_teams_both();
  },
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
      z.string().check(
        z.minLength(1, says(m.valid_message_subject_required)),
        z.maxLength(
          MESSAGE_SUBJECT_MAX,
          says(() => m.valid_message_subject_too_long({ max: formatCount(MESSAGE_SUBJECT_MAX) })),
        ),
      ),
    ),
  ),
  body: z.pipe(
    text,
    z.pipe(
      z.transform((value: string) => value.trim()),
      z.string().check(
        z.minLength(1, says(m.valid_message_body_required)),
        z.maxLength(
          MESSAGE_BODY_MAX,
          says(() => m.valid_message_body_too_long({ max: formatCount(MESSAGE_BODY_MAX) })),
        ),
      ),
    ),
  ),
  audience: z.enum(MESSAGE_AUDIENCES, says(m.valid_message_audience_required)),
  teams: z.enum(MESSAGE_TEAMS, says(m.valid_message_teams_required)),
  confirmedCount: z.optional(z.string()),
});

/** "1 person", "14 people". */
export const peopleCount = (count: number) => m.valid_people_count({ count });
