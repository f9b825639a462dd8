import { Outlet, redirectDocument } from "react-router";
import { languageCookie } from "#server/http/language";
import { requireUser } from "#server/auth/viewer";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { usePageOwnScripts } from "~/lib/page-scripts";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/layout";

/**
 * The shell's own data. Each page below checks the visitor's rights in its own loader
 * too: loaders run in parallel, so this check cannot protect them.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  // The dashboards speak the person's saved language (ADR 033). A page answered in another
  // (a cookie from before they changed it on another device) is sent again as a new
  // document with the cookie put right; that request carries it, so this happens once.
  if (viewer.language !== getLocale()) {
    throw redirectDocument(`${url.pathname}${url.search}`, {
      headers: { "Set-Cookie": languageCookie(viewer.language), "Cache-Control": "private, no-store" },
    });
  }
  return {
    viewer: {
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      email: viewer.email,
      role: viewer.role,
    },
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const ownScripts = usePageOwnScripts();
  // The check-in page is a phone's whole screen, without React to open the shell's menu.
  if (ownScripts) return <Outlet />;
  return (
    <DashboardShell viewer={loaderData.viewer}>
      <Outlet />
    </DashboardShell>
  );
}
