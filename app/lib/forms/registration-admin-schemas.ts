import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { optionalText, requiredText } from "./fields";

/** "Cancel the team" of a registration's page: the reason is optional and, when given, mailed to the team. */
export const cancelTeamSchema = z.object({
  reason: optionalText(1000),
});

/** "Move to another event": one of the partner's events the page offered. */
export const moveTeamSchema = z.object({
  targetEventId: requiredText(m.valid_move_target_required, 100),
});
