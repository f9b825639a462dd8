/**
 * The club's own weather limits for an event and the point its forecast is asked for
 * (ADR 038). Every field may be left empty: a limit not set is "unknown" on the board, a
 * point not set falls back to the partner's. Numbers keep what was typed, as decimal text
 * ("8.5"), so the database's numeric columns hold exactly that.
 */
import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { trimmed, type Message, wordsOf } from "./fields";

/** Denmark with Bornholm and Ertholmene, and its waters: where DMI's models answer for a club. */
const DENMARK = { lat: { min: 54.5, max: 57.8 }, lon: { min: 8, max: 15.3 } } as const;

/**
 * A decimal with at most `decimals` places (comma or point) from `min` to `max`, as text with
 * a point, or null when empty. `range` says what is wanted, with an example.
 */
function decimal(decimals: number, min: number, max: number, range: Message) {
  const pattern = new RegExp(`^-?\\d{1,3}(?:[.,]\\d{1,${decimals}})?$`);
  return z.pipe(
    trimmed,
    z.transform((value, ctx): string | null => {
      if (value === "") return null;
      const number = pattern.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
      if (!(number >= min && number <= max)) {
        ctx.issues.push({ code: "custom", message: wordsOf(range), input: value });
        return z.NEVER;
      }
      // Canonical text with a point: "8,5" and "8.5" are the same limit.
      return String(number);
    }),
  );
}

export const weatherLimitsSchema = z
  .object({
    maxWindMs: decimal(1, 0, 99.9, m.valid_weather_wind_range),
    maxGustMs: decimal(1, 0, 99.9, m.valid_weather_gust_range),
    minWaterC: decimal(1, -2, 30, m.valid_weather_water_range),
    forecastLat: decimal(5, DENMARK.lat.min, DENMARK.lat.max, m.valid_weather_lat_range),
    forecastLon: decimal(5, DENMARK.lon.min, DENMARK.lon.max, m.valid_weather_lon_range),
    /** Also make the point the partner's own, the default of its events that have none. */
    partnerDefault: z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "on"),
    ),
  })
  .check(
    z.refine(
      (form) => form.maxGustMs === null || form.maxWindMs === null || +form.maxGustMs >= +form.maxWindMs,
      {
        error: () => m.valid_weather_gust_below_wind(),
        path: ["maxGustMs"],
      },
    ),
    // A point is both numbers; one alone is a typing slip, not a place.
    z.refine((form) => form.forecastLat !== null || form.forecastLon === null, {
      error: () => m.valid_weather_lat_missing(),
      path: ["forecastLat"],
    }),
    z.refine((form) => form.forecastLon !== null || form.forecastLat === null, {
      error: () => m.valid_weather_lon_missing(),
      path: ["forecastLon"],
    }),
    z.refine((form) => !form.partnerDefault || form.forecastLat !== null, {
      error: () => m.valid_weather_default_needs_point(),
      path: ["forecastLat"],
    }),
  );
