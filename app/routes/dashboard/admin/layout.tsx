import { Outlet } from "react-router";
import { requireArea } from "#server/auth/viewer";
import type { Route } from "./+types/layout";

/**
 * The admin area's gate. Every page inside checks the same rule in its own loader and
 * action as well: loaders run in parallel, so this one cannot protect them alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  return null;
}

export default function AdminArea() {
  return <Outlet />;
}
