import { CheckCircle2 } from "~/components/icons/circle-check";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/partners.apply.submitted";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: m.apply_received_title,
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
      <h1 className="mt-6 text-3xl font-bold text-navy-900">{m.apply_thanks()}</h1>
      <p className="mt-4 text-lg text-slate-600">{m.apply_received_body()}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={localizedPath(href("/partners"))}>{m.apply_back_to_partners()}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={localizedPath("/")}>{m.apply_home()}</Link>
        </Button>
      </div>
    </main>
  );
}
