import { NavLink } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { AccountLinks, type NavViewer } from "./account-links";
import { LanguageSwitch } from "./language-switch";
import { mainNavLinks, navLinkClass } from "./nav-links";

/** The slide-in menu for phones; loaded on first open so other visitors never download it. */
export default function MobileMenu({
  open,
  onOpenChange,
  viewer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: NavViewer;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right">
        <SheetTitle className="text-lg font-semibold text-navy-900">{m.nav_menu_title()}</SheetTitle>
        <SheetDescription className="sr-only">{m.nav_menu_description()}</SheetDescription>
        <nav aria-label={m.nav_mobile_label()} className="mt-6">
          <ul className="flex flex-col gap-1">
            {mainNavLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={localizedPath(link.to)}
                  end={link.to === "/"}
                  className={navLinkClass}
                  onClick={close}
                >
                  {link.label()}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <AccountLinks viewer={viewer} stacked onNavigate={close} />
          </div>
          <LanguageSwitch className="mt-4 text-slate-700" />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
