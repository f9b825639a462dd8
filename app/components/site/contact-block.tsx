// One file per icon, not the icons' index: the layout's code is bundled together (see
// vite.config.ts), and the index would bring every icon the site uses into it.
import { Mail } from "~/components/icons/mail";
import { MapPin } from "~/components/icons/map-pin";
import { Phone } from "~/components/icons/phone";
import { mailtoHref, telHref, type SiteContact } from "~/lib/contact-links";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** Address, email, phone and CVR number, on the dark footer or a light page. */
export function ContactBlock({ contact, tone }: { contact: SiteContact; tone: "dark" | "light" }) {
  const linkClass = tone === "dark" ? "hover:text-white hover:underline" : "text-water-600 hover:underline";
  return (
    <address className={cn("space-y-2 text-sm not-italic", tone === "light" && "text-slate-700")}>
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {m.site_address({
            addressLine: contact.addressLine,
            postalCode: contact.postalCode,
            city: contact.city,
          })}
        </span>
      </p>
      <p className="flex items-center gap-2">
        <Mail className="size-4 shrink-0" aria-hidden="true" />
        <a href={mailtoHref(contact.contactEmail)} className={cn("[overflow-wrap:anywhere]", linkClass)}>
          {contact.contactEmail}
        </a>
      </p>
      <p className="flex items-center gap-2">
        <Phone className="size-4 shrink-0" aria-hidden="true" />
        <a href={telHref(contact.contactPhone)} className={linkClass}>
          {contact.contactPhone}
        </a>
      </p>
      <p>{m.site_cvr({ number: contact.companyRegistrationNumber })}</p>
    </address>
  );
}
