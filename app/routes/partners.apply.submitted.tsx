import { CheckCircle2 } from "~/components/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/partners.apply.submitted";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: "Application received",
    path: "/partners/apply/submitted",
  }),
  { name: "robots", content: "noindex" },
];

export default function ApplicationSubmitted() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <CheckCircle2 className="size-14 text-teal-accent" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-bold text-navy-900">Thank you for applying!</h1>
      <p className="mt-4 text-lg text-slate-600">
        We have received your application and will review it within five working days. You will hear from us
        by email.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/partners">Back to partners</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </main>
  );
}
