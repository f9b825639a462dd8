import { data } from "react-router";
import { PageNotFound } from "~/components/site/error-pages";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Page not found") }];

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404: no page at ${pathname}`);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <PageNotFound />;
}
