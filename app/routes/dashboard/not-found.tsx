import { data } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { PageNotFound } from "~/components/site/error-pages";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Page not found") },
  { name: "robots", content: "noindex" },
];

/**
 * Unknown dashboard paths: signed-out visitors are asked to sign in first, like for every
 * dashboard page; signed-in people get the 404 page inside their dashboard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  console.warn(`404: no page at ${new URL(request.url).pathname}`);
  return data(null, { status: 404 });
}

export default function DashboardNotFound() {
  return <PageNotFound />;
}
