import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The spec's 404 page for unknown paths. */
export function PageNotFound() {
  return (
    <NoticePage title="Oops! Page not found" body="The page you are looking for does not exist or has moved.">
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </NoticePage>
  );
}

/** A friendly page for unexpected failures; details stay in the server log. */
export function ServerErrorPage({ status = 500 }: { status?: number }) {
  return (
    <NoticePage
      title="Something went wrong"
      body={`We could not load this page (error ${status}). Please try again in a moment.`}
    >
      <Button asChild>
        <Link to="/">Return to Home</Link>
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
