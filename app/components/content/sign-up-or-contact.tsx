import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The closing pair of buttons on pages that invite a visitor to join. */
export function SignUpOrContact({ className }: { className?: string }) {
  return (
    <div className={cn("mt-8 flex flex-wrap justify-center gap-4", className)}>
      <Button asChild size="lg">
        <Link to={href("/signup")}>Sign Up Now</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={href("/contact")}>Contact Us</Link>
      </Button>
    </div>
  );
}
