import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import "~/lib/i18n/runtime";
import { reportBrowserErrors } from "~/lib/client-errors";

// React Router's default browser entry, with the browser's errors sent to the site's log.
// React's uncaught errors reach the window's "error" event, which the reporter hears; a
// render an error boundary caught and a first render that did not match the server's HTML
// are reported from React's hooks (React Router's boundary writes the first to the console
// itself; the second is written here, as React's default would).
const report = reportBrowserErrors();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onCaughtError: (error) => report("render", error),
      onRecoverableError: (error) => {
        report("hydration", error);
        console.error(error);
      },
    },
  );
});
