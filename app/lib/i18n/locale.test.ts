import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  hasLanguageInPath,
  isLocale,
  localeOfPath,
  localizedPath,
  pathInOtherLocale,
  preferredLocale,
  rememberedLocale,
  unlocalizedPath,
} from "./locale";

describe("a path's language", () => {
  it("is Danish under /da and English elsewhere", () => {
    expect(localeOfPath("/da")).toBe("da");
    expect(localeOfPath("/da/events/summer-row")).toBe("da");
    expect(localeOfPath("/da.data")).toBe("da");
    expect(localeOfPath("/dashboard")).toBe("en");
    expect(localeOfPath("/dance")).toBe("en");
    expect(localeOfPath("/events")).toBe("en");
  });

  it("is in the URL for public pages only, never for the dashboards or files", () => {
    for (const path of ["/", "/events", "/da/events", "/partners/x", "/login", "/da/login"]) {
      expect(hasLanguageInPath(path), path).toBe(true);
    }
    for (const path of [
      "/dashboard",
      "/dashboard/partner/events",
      "/logout",
      "/language",
      "/robots.txt",
      "/sitemaps/pages-1.xml",
      "/uploads/a.webp",
    ]) {
      expect(hasLanguageInPath(path), path).toBe(false);
    }
  });

  it("moves a public path between languages with its query and fragment", () => {
    expect(localizedPath("/events?q=row#list", "da")).toBe("/da/events?q=row#list");
    expect(localizedPath("/", "da")).toBe("/da");
    expect(localizedPath("/da", "en")).toBe("/");
    expect(localizedPath("/da/events?q=row", "en")).toBe("/events?q=row");
    expect(localizedPath("/da/events", "da")).toBe("/da/events");
    expect(localizedPath("/dashboard/bookings", "da")).toBe("/dashboard/bookings");
    expect(localizedPath("https://example.com/events", "da")).toBe("https://example.com/events");
    expect(unlocalizedPath("/da/partners/apply")).toBe("/partners/apply");
    expect(pathInOtherLocale("/events", "?type=rowing", "en")).toBe("/da/events?type=rowing");
  });
});

describe("what the visitor asks for", () => {
  it("reads the browser's first choice among the site's languages", () => {
    expect(preferredLocale("da-DK,da;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("da");
    expect(preferredLocale("en-GB,en;q=0.9,da;q=0.8")).toBe("en");
    expect(preferredLocale("de-DE,de;q=0.9,da;q=0.5,en;q=0.4")).toBe("da");
    expect(preferredLocale("en;q=0.2,da;q=0.8")).toBe("da");
    expect(preferredLocale("da;q=0,en")).toBe("en");
    expect(preferredLocale("fr,de")).toBeNull();
    expect(preferredLocale("")).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });

  it("keeps only the site's own languages from the cookie", () => {
    expect(rememberedLocale("a=1; lang=da; b=2")).toBe("da");
    expect(rememberedLocale("lang=en")).toBe("en");
    expect(rememberedLocale("lang=de")).toBeNull();
    expect(rememberedLocale("lang=<script>")).toBeNull();
    expect(rememberedLocale("slang=da")).toBeNull();
    expect(rememberedLocale(null)).toBeNull();
    expect(isLocale("da")).toBe(true);
    expect(isLocale("DA")).toBe(false);
  });
});

describe("the catalogues", () => {
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), "utf8")) as Record<
      string,
      unknown
    >;
  const en = catalogue("en");
  const da = catalogue("da");
  const parameters = (text: unknown) =>
    [...JSON.stringify(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  it("hold the same keys with the same parameters in both languages", () => {
    expect(Object.keys(da).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(parameters(da[key]), key).toEqual(parameters(en[key]));
  });

  it("have no empty message and no Danish text left in English", () => {
    for (const key of Object.keys(en).filter((key) => key !== "$schema")) {
      expect(JSON.stringify(en[key]).length, key).toBeGreaterThan(2);
      expect(JSON.stringify(da[key]).length, key).toBeGreaterThan(2);
    }
  });
});
