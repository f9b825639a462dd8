import { data } from "react-router";
import { exportPersonalData } from "#server/accounts/export-personal-data";
import { requireApiArea } from "#server/auth/viewer";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/data";

/** GET /dashboard/profile/data.json: the signed-in person's own data as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireApiArea(request, context);
  const now = new Date();
  const personalData = await exportPersonalData(context.db, viewer.actor, now);
  if (!personalData) throw data({ error: m.profile_data_sign_in() }, { status: 401 });
  const day = now.toISOString().slice(0, 10);
  return new Response(JSON.stringify(personalData, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="rcl-personal-data-${day}.json"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
    },
  });
}
