import type { ComponentProps } from "react";
import { href, Link } from "react-router";
import { localizedPath } from "~/lib/i18n/locale";

/**
 * 'Contact' and 'Inquire About Events' open the partner's inquiry form. Other props
 * (Button's classes via asChild) pass through to the link.
 */
export function InquiryLink({
  slug,
  children,
  ...props
}: Omit<ComponentProps<"a">, "href"> & { slug: string }) {
  return (
    <Link to={localizedPath(href("/partners/:slug/inquire", { slug }))} {...props}>
      {children}
    </Link>
  );
}
