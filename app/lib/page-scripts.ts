import { useMatches } from "react-router";

/**
 * A page that brings its own script instead of React's (ADR 038): its route's `handle`
 * says `{ scripts: "check-in" }`, and the layouts then leave out React Router's scripts
 * and the dashboard's menus, which would need them.
 */
export type ScriptsHandle = { scripts: "check-in" };

export function usePageOwnScripts(): boolean {
  return useMatches().some(
    (match) => (match.handle as Partial<ScriptsHandle> | undefined)?.scripts === "check-in",
  );
}
