import { Outlet } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import type { Route } from "./+types/layout";

/**
 * The shell's own data. Each page below checks the visitor's rights in its own loader
 * too: loaders run in parallel, so this check cannot protect them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
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
  return (
    <DashboardShell viewer={loaderData.viewer}>
      <Outlet />
    </DashboardShell>
  );
}
