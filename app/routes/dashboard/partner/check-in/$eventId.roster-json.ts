import { data } from "react-router";
import { requireApiCheckIn } from "#server/auth/viewer";
import { rosterSnapshot, snapshotEtag } from "#server/check-in/roster-snapshot";
import { isAppError } from "#server/errors";
import type { Route } from "./+types/$eventId.roster-json";

/** Whether the phone's copy is the current one: compared weakly, as compression marks the tag weak. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * GET /dashboard/partner/check-in/:eventId/roster.json: the event's teams, seats and counts
 * for the check-in page to keep on the phone (ADR 038, the check-in contract). The phone
 * asks again every few minutes with the tag it has and gets a 304 until something changed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, language } = await requireApiCheckIn(request, context);
  let snapshot;
  try {
    // In the person's saved language, whatever the cookie of the page that asks says (ADR 033).
    snapshot = await rosterSnapshot(context.db, actor, params.eventId, { locale: language });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data({ error: "not_found" }, { status: 404 });
    throw error;
  }
  const etag = snapshotEtag(snapshot);
  const headers = { ETag: etag, "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (matches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  return Response.json(snapshot, { headers });
}
