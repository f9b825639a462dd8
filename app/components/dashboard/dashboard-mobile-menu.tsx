import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { DashboardNav } from "./dashboard-shell";
import type { Role } from "~/lib/roles";

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
        <SheetDescription className="sr-only">Dashboard navigation</SheetDescription>
        <nav aria-label={title} className="mt-6">
          <DashboardNav role={role} onNavigate={() => onOpenChange(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
