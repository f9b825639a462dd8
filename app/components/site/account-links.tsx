import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import type { Role } from "~/lib/roles";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

export type NavViewer = { firstName: string; role: Role } | null;

/** Log in and Sign up for visitors; Dashboard and Log out for signed-in people. */
export function AccountLinks({
  viewer,
  stacked = false,
  onNavigate,
}: {
  viewer: NavViewer;
  stacked?: boolean;
  onNavigate?: () => void;
}) {
  const layout = cn("flex gap-2", stacked ? "flex-col" : "items-center");
  if (!viewer) {
    return (
      <div className={layout}>
        <Button asChild variant={stacked ? "outline" : "ghost"} onClick={onNavigate}>
          <Link to={localizedPath("/login")}>{m.nav_log_in()}</Link>
        </Button>
        <Button asChild onClick={onNavigate}>
          <Link to={localizedPath("/signup")}>{m.nav_sign_up()}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className={layout}>
      <Button asChild variant={stacked ? "outline" : "ghost"} onClick={onNavigate}>
        <Link to="/dashboard">{m.nav_dashboard()}</Link>
      </Button>
      <Form method="post" action="/logout" className={stacked ? "contents" : undefined}>
        <Button type="submit" variant={stacked ? "default" : "outline"} className="w-full">
          {m.nav_log_out()}
        </Button>
      </Form>
    </div>
  );
}
