import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { LanguageSwitch } from "~/components/site/language-switch";
import type { Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { DashboardNav } from "./dashboard-shell";

/** The dashboard menu on phones; loaded on first open. */
export default function DashboardMobileMenu({
  open,
  onOpenChange,
  title,
  role,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  role: Role;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" tone="dark">
        <SheetTitle className="text-lg font-semibold text-white">{title}</SheetTitle>
        <SheetDescription className="sr-only">{m.dash_mobile_menu_description()}</SheetDescription>
        <nav aria-label={title} className="mt-6">
          <DashboardNav role={role} onNavigate={() => onOpenChange(false)} />
        </nav>
        <LanguageSwitch className="mt-6 text-navy-100 hover:text-white" />
      </SheetContent>
    </Sheet>
  );
}
