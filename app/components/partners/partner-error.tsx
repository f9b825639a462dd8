import { isRouteErrorResponse, Link } from "react-router";
import { NoticePage, ServerErrorPage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";

/** The error page of every partner route: the spec's 'Partner Not Found' texts for a 404. */
export function PartnerErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NoticePage
        title="Partner Not Found"
        body="The partner you're looking for doesn't exist or has been removed."
      >
        <Button asChild>
          <Link to="/partners">Browse All Partners</Link>
        </Button>
      </NoticePage>
    );
  }
  return <ServerErrorPage />;
}
