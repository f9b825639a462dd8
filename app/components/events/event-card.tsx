import { Calendar } from "~/components/icons/calendar";
import { MapPin } from "~/components/icons/map-pin";
import { Link } from "react-router";
import { IconText } from "~/components/content/icon-text";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { PriceText } from "~/components/ui/price-text";
import type { PriceWithMoms } from "~/lib/billing/price-with-moms";
import { formatDate } from "~/lib/dates";
import { eventTypeLabel, type EventType } from "~/lib/event-types";
import { publicEventPath } from "~/lib/public-paths";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

export type EventCardProps = {
  slug: string;
  title: string;
  description: string;
  type: EventType;
  location: string;
  startsAt: Date | string;
  /** Per team, with the moms its partner's invoices carry (`priceWithMoms`). */
  price: PriceWithMoms;
  image: { src: string; alt: string; altLang?: Locale; width: number; height: number } | null;
  /** Texts shown in the other language, untranslated (ADR 034). */
  shownIn?: { title?: Locale; description?: Locale; location?: Locale };
  /** Heading level of the card title, so it fits the page's outline. */
  headingLevel?: "h2" | "h3";
  /**
   * Where the picture is first seen: "first" for the card a phone shows on opening the page
   * (fetched before anything else), "eager" for the rest of the first row, "lazy" for cards
   * further down.
   */
  imageLoading?: "first" | "eager" | "lazy";
};

export function EventCard({
  slug,
  title,
  description,
  type,
  location,
  startsAt,
  price,
  image,
  shownIn = {},
  headingLevel = "h3",
  imageLoading = "lazy",
}: EventCardProps) {
  const Heading = headingLevel;
  const start = new Date(startsAt);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {image && (
        <ResponsiveImage
          image={image}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-video w-full object-cover"
          priority={imageLoading === "first"}
          {...(imageLoading === "eager" && { loading: "eager" })}
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2">
          <IconText as="p" icon={Calendar} gap="sm" className="text-sm text-slate-600">
            <time dateTime={start.toISOString()}>{formatDate(start)}</time>
          </IconText>
          <Badge>{eventTypeLabel(type)}</Badge>
        </div>
        <Heading lang={shownIn.title} className="mt-3 text-lg font-semibold text-navy-900">
          {title}
        </Heading>
        <IconText as="p" icon={MapPin} gap="sm" className="mt-1 text-sm text-slate-600">
          <span lang={shownIn.location}>{location}</span>
        </IconText>
        <OnlyIn lang={shownIn.title ?? shownIn.description} />
        <p lang={shownIn.description} className="mt-3 line-clamp-2 text-sm text-slate-700">
          {description}
        </p>
        <p className="mt-3 text-sm text-slate-700">
          <PriceText price={price} className="font-medium text-navy-900" />
          {price.grossMinor > 0 && ` ${m.price_per_team()}`}
        </p>
        <div className="mt-auto pt-5">
          <Button asChild variant="outline" className="w-full">
            <Link to={publicEventPath(slug)} aria-label={m.event_view_details_label({ title })}>
              {m.event_view_details()}
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
