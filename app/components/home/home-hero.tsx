import { href, Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";

export const HERO_IMAGE = { src: "/images/hero.svg", width: 1600, height: 900 };

export function HomeHero() {
  return (
    <PageHero
      titleId="hero-title"
      title="Rethink Corporate Life"
      lead="Corporate rowing events, team building and strategic networking throughout Denmark. Bring your team together on the water and build connections that last."
      image={HERO_IMAGE}
      size="lg"
      primaryAction={<Link to={href("/events")}>Discover Events</Link>}
      secondaryAction={<Link to={href("/partners")}>Join as Partner</Link>}
    />
  );
}
