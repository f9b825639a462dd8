import { useLocation, useNavigation } from "react-router";
import { unlocalizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** The spec's loading texts, shown while the next page's data is on its way. */
function loadingText(target: string): string {
  const pathname = unlocalizedPath(target);
  if (/^\/events\/[^/]+$/.test(pathname)) return m.nav_loading_event();
  if (/^\/partners\/[^/]+$/.test(pathname) && pathname !== "/partners/apply") return m.nav_loading_partner();
  return m.nav_loading();
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
