import { href, Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

export const HERO_IMAGE = { src: "/images/hero.svg", width: 1600, height: 900 };

export function HomeHero() {
  return (
    <PageHero
      titleId="hero-title"
      title="Rethink Corporate Life"
      lead={m.home_hero_lead()}
      image={HERO_IMAGE}
      size="lg"
      primaryAction={<Link to={localizedPath(href("/events"))}>{m.home_discover_events()}</Link>}
      secondaryAction={<Link to={localizedPath(href("/partners"))}>{m.home_join_partner()}</Link>}
    />
  );
}
