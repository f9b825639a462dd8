import { data } from "react-router";
import { loggedPath } from "#server/http/request-log";
import { log } from "#server/log";
import { PageNotFound } from "~/components/site/error-pages";
import { pageTitle } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.notfound_meta_title()) }];

export function loader({ url }: Route.LoaderArgs) {
  // `url`, not the request's: a client-side navigation requests the page's `.data` URL.
  log.warn(`404: no page at ${loggedPath(url.pathname)}`);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <PageNotFound />;
}
