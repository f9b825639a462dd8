import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The layout's data (site settings, the signed-in person's name and role), on any page. */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
