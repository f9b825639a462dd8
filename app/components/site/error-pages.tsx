import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** The spec's 404 page for unknown paths. */
export function PageNotFound() {
  return (
    <NoticePage title={m.error_not_found_title()} body={m.error_not_found_body()}>
      <Button asChild>
        <Link to={localizedPath("/")}>{m.error_return_home()}</Link>
      </Button>
    </NoticePage>
  );
}

/** The text of a refused request (a 4xx other than 404, thrown with a message), if any. */
export function refusedRequestMessage(error: unknown): string | null {
  return isRouteErrorResponse(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 404 &&
    typeof error.data === "string"
    ? error.data
    : null;
}

/** A friendly page for failures and refused requests; details stay in the server log. */
export function ServerErrorPage({ status = 500, message }: { status?: number; message?: string | null }) {
  return (
    <NoticePage title={m.error_title()} body={message ?? m.error_body({ status })}>
      <Button asChild>
        <Link to={localizedPath("/")}>{m.error_return_home()}</Link>
      </Button>
    </NoticePage>
  );
}

export function NoticePage({
  title,
  body,
  children,
}: {
  title: string;
  body: string;
  children?: React.ReactNode;
}) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{body}</p>
      <div className="mt-8">{children}</div>
    </main>
  );
}
