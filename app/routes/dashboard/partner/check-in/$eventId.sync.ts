import { data } from "react-router";
import { requireApiCheckIn } from "#server/auth/viewer";
import { syncCheckIns } from "#server/check-in/sync-check-ins";
import { isAppError } from "#server/errors";
import { withLocale } from "#server/http/language";
import type { Route } from "./+types/$eventId.sync";

/** The contract's answer to each refusal of the whole request. */
const REFUSALS: Partial<Record<string, string>> = {
  not_found: "not_found",
  invalid: "invalid",
  too_large: "too_many",
};

/**
 * POST /dashboard/partner/check-in/:eventId/sync: the check-in page's queue of taps, each
 * answered with its outcome, and the day's counts (ADR 038, the check-in contract). The
 * host refuses a post from another site before it gets here (its Origin check).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireApiCheckIn(request, context);
  let input: unknown;
  try {
    input = await request.json();
  } catch {
    input = undefined;
  }
  try {
    // The reasons in the person's saved language, whatever the page's cookie says (ADR 033).
    const answer = await withLocale(viewer.language, () =>
      syncCheckIns(context.db, { actor: viewer.actor, email: viewer.email, eventId: params.eventId, input }),
    );
    return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    const refusal = isAppError(error) ? REFUSALS[error.code] : undefined;
    if (!refusal || !isAppError(error)) throw error;
    throw data({ error: refusal }, { status: error.status });
  }
}
