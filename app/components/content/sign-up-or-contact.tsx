import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** The closing pair of buttons on pages that invite a visitor to join. */
export function SignUpOrContact({ className }: { className?: string }) {
  return (
    <div className={cn("mt-8 flex flex-wrap justify-center gap-4", className)}>
      <Button asChild size="lg">
        <Link to={localizedPath(href("/signup"))}>{m.site_sign_up_now()}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={localizedPath(href("/contact"))}>{m.site_contact_us()}</Link>
      </Button>
    </div>
  );
}
