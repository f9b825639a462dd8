import { redirect } from "react-router";
import { publicPartnerPath } from "~/lib/public-paths";

/** The club's short link, kept permanently, to its page in the link's language. */
export function loader() {
  return redirect(publicPartnerPath("frankfurter-rg-germania"), 301);
}
