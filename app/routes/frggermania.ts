import { href, redirect } from "react-router";

/** The club's short link, kept permanently. */
export function loader() {
  return redirect(href("/partners/:slug", { slug: "frankfurter-rg-germania" }), 301);
}
