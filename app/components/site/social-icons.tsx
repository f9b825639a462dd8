import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** Brand marks drawn here, since the icon set carries no brand logos. */
type IconProps = ComponentProps<"svg">;

const base = { viewBox: "0 0 24 24", fill: "currentColor", "aria-hidden": true } as const;

function FacebookIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
    </svg>
  );
}

function InstagramIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <path d="M12 7.4A4.6 4.6 0 1 0 12 16.6 4.6 4.6 0 0 0 12 7.4Zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.8-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM12 3.6c2.3 0 2.5 0 3.4.1 2.3.1 3.4 1.2 3.5 3.5.1.9.1 1.2.1 3.4v2.8c0 2.3 0 2.5-.1 3.4-.1 2.3-1.2 3.4-3.5 3.5-.9.1-1.1.1-3.4.1H9.2c-2.3 0-2.5 0-3.4-.1-2.3-.1-3.4-1.2-3.5-3.5-.1-.9-.1-1.1-.1-3.4V10.6c0-2.3 0-2.5.1-3.4.1-2.3 1.2-3.4 3.5-3.5.9-.1 1.1-.1 3.4-.1H12Zm0-1.6H9.1C6.8 2 6.5 2 5.6 2.1 2.6 2.2 2.2 2.6 2.1 5.6 2 6.5 2 6.8 2 9.1v5.8c0 2.3 0 2.6.1 3.5.1 3 .5 3.4 3.5 3.5.9.1 1.2.1 3.5.1h5.8c2.3 0 2.6 0 3.5-.1 3-.1 3.4-.5 3.5-3.5.1-.9.1-1.2.1-3.5V9.1c0-2.3 0-2.6-.1-3.5-.1-3-.5-3.4-3.5-3.5-.9-.1-1.2-.1-3.5-.1H12Z" />
    </svg>
  );
}

function LinkedinIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <path d="M6.9 8.8H3.6V20h3.3V8.8ZM5.2 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8ZM20.4 13.4c0-3-.6-5-4.1-5-1.7 0-2.8.6-3.2 1.4h-.1V8.8H9.9V20h3.3v-5.5c0-1.5.3-2.9 2.1-2.9s1.8 1.7 1.8 3V20h3.3v-6.6Z" />
    </svg>
  );
}

export type SocialLinks = {
  facebookUrl?: string | null;
  instagramUrl?: string | null;
  linkedinUrl?: string | null;
};

const linkTone = {
  onDark: "bg-white/10 hover:bg-white/20",
  onLight: "bg-navy-50 text-navy-900 hover:bg-navy-100",
} as const;

/** Shows an icon link only for the networks that have a link. */
export function SocialIconLinks({
  links,
  name,
  className,
  tone = "onDark",
}: {
  links: SocialLinks;
  name: string;
  className?: string;
  /** The background the icons sit on: the footer is dark, partner pages are light. */
  tone?: keyof typeof linkTone;
}) {
  const items = [
    { href: links.facebookUrl, label: "Facebook", Icon: FacebookIcon },
    { href: links.instagramUrl, label: "Instagram", Icon: InstagramIcon },
    { href: links.linkedinUrl, label: "LinkedIn", Icon: LinkedinIcon },
  ].filter((item): item is typeof item & { href: string } => Boolean(item.href));
  if (items.length === 0) return null;
  return (
    <ul className={className ?? "flex gap-3"}>
      {items.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn("inline-flex size-9 items-center justify-center rounded-full", linkTone[tone])}
          >
            <Icon className="size-5" />
            <span className="sr-only">{m.site_social_link({ name, network: label })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
