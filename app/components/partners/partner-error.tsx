import { isRouteErrorResponse, Link } from "react-router";
import { NoticePage, ServerErrorPage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** The error page of every partner route: the spec's 'Partner Not Found' texts for a 404. */
export function PartnerErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NoticePage title={m.partner_page_not_found_title()} body={m.partner_page_not_found_body()}>
        <Button asChild>
          <Link to={localizedPath("/partners")}>{m.partner_page_browse_all()}</Link>
        </Button>
      </NoticePage>
    );
  }
  return <ServerErrorPage />;
}
