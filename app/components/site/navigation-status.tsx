import { useLocation, useNavigation } from "react-router";

/** The spec's loading texts, shown while the next page's data is on its way. */
function loadingText(pathname: string): string {
  if (/^\/events\/[^/]+$/.test(pathname)) return "Loading event details...";
  if (/^\/partners\/[^/]+$/.test(pathname) && pathname !== "/partners/apply")
    return "Loading partner profile...";
  return "Loading...";
}

export function NavigationStatus() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  // Tab switches and filters only change the query string; they need no loading notice.
  const visible = target && !navigation.formMethod && target.pathname !== pathname;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 print:hidden"
    >
      {visible && (
        <p className="mx-auto mt-2 w-fit rounded-full bg-navy-900 px-4 py-1.5 text-sm text-white shadow-lg">
          {loadingText(target.pathname)}
        </p>
      )}
    </div>
  );
}
