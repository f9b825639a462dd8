import { redirect } from "react-router";

/** The club's short link, kept permanently. */
export function loader() {
  return redirect("/partners/frankfurter-rg-germania", 301);
}
