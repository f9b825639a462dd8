import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH } from "~/lib/forms/event-schema";
import {
  parseSitemapFileName,
  renderSitemap,
  renderSitemapIndex,
  SITEMAP_MAX_PAGES,
  sitemapFileRange,
  sitemapFiles,
  STATIC_PUBLIC_PATHS,
} from "./sitemap";

const STATIC = STATIC_PUBLIC_PATHS.length;

describe("sitemap files", () => {
  it("splits every 500 pages, so no file reaches 1 MB", () => {
    expect(SITEMAP_MAX_PAGES).toBe(500);
    expect(sitemapFiles({ partners: 20, events: 500 })).toEqual([
      { section: "pages", number: 1 },
      { section: "events", number: 1 },
    ]);
    expect(sitemapFiles({ partners: 20, events: 10_001 })).toHaveLength(1 + 21);
    // The largest file there can be: 500 events with the longest slug, under a long address.
    const slug = "a".repeat(SLUG_MAX_LENGTH);
    const entries = Array.from({ length: SITEMAP_MAX_PAGES }, (_, index) => ({
      path: `/events/${slug.slice(String(index).length)}${index}`,
      lastModified: new Date("2027-05-03T10:00:00Z"),
    }));
    const xml = renderSitemap("https://www.rethinkcorporatelife.example.dk", entries);
    expect(Buffer.byteLength(xml)).toBeLessThan(1_000_000);
  });

  it("splits with a small limit, and lists no events file when there are none", () => {
    expect(sitemapFiles({ partners: 0, events: 0 }, 4)).toEqual([
      { section: "pages", number: 1 },
      { section: "pages", number: 2 },
      { section: "pages", number: 3 },
    ]);
    expect(sitemapFiles({ partners: 3, events: 9 }, 4).map((f) => `${f.section}-${f.number}`)).toEqual([
      "pages-1",
      "pages-2",
      "pages-3",
      "events-1",
      "events-2",
      "events-3",
    ]);
  });

  it("gives every URL to exactly one file, none over the limit", () => {
    const limit = 4;
    const counts = { partners: 6, events: 10 };
    const ranges = sitemapFiles(counts, limit).map((file) => ({
      file,
      range: sitemapFileRange(file, counts, limit)!,
    }));
    const pages = ranges.filter(({ file }) => file.section === "pages").map(({ range }) => range);
    const events = ranges.filter(({ file }) => file.section === "events").map(({ range }) => range);
    for (const { range } of ranges) expect(range.staticPaths.length + range.limit).toBeLessThanOrEqual(limit);
    expect(pages.flatMap((range) => range.staticPaths)).toEqual([...STATIC_PUBLIC_PATHS]);
    // Partners follow the static pages with no gap or overlap.
    const partnerSlices = pages.filter((range) => range.limit > 0);
    expect(partnerSlices.map(({ offset, limit }) => [offset, limit])).toEqual([
      [0, 4 * Math.ceil(STATIC / 4) - STATIC],
      [4 * Math.ceil(STATIC / 4) - STATIC, 6 - (4 * Math.ceil(STATIC / 4) - STATIC)],
    ]);
    expect(events.map(({ offset, limit }) => [offset, limit])).toEqual([
      [0, 4],
      [4, 4],
      [8, 2],
    ]);
  });

  it("has no file past the last one", () => {
    const counts = { partners: 2, events: 5 };
    expect(sitemapFileRange({ section: "events", number: 2 }, counts, 4)).toEqual({
      staticPaths: [],
      offset: 4,
      limit: 1,
    });
    expect(sitemapFileRange({ section: "events", number: 3 }, counts, 4)).toBeNull();
    expect(sitemapFileRange({ section: "events", number: 1 }, { partners: 2, events: 0 })).toBeNull();
    expect(sitemapFileRange({ section: "pages", number: 2 }, counts)).toBeNull();
  });

  it.each([
    ["events-1.xml", { section: "events", number: 1 }],
    ["pages-12.xml", { section: "pages", number: 12 }],
    ["events-0.xml", null],
    ["events-01.xml", null],
    ["events-1.xml.gz", null],
    ["partners-1.xml", null],
    ["events-1234567.xml", null],
    ["../sitemap.xml", null],
    ["events--1.xml", null],
  ])("reads the file name %s", (name, file) => {
    expect(parseSitemapFileName(name)).toEqual(file);
  });

  it("renders an index with absolute, escaped URLs", () => {
    const xml = renderSitemapIndex("https://rcl.test", [
      { section: "pages", number: 1 },
      { section: "events", number: 2 },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<sitemap><loc>https://rcl.test/sitemaps/pages-1.xml</loc></sitemap>");
    expect(xml).toContain("<sitemap><loc>https://rcl.test/sitemaps/events-2.xml</loc></sitemap>");
    expect(renderSitemapIndex("https://a.test/?x=1&y=2", [{ section: "pages", number: 1 }])).toContain(
      "https://a.test/?x=1&amp;y=2/sitemaps/pages-1.xml",
    );
  });
});

describe("sitemap documents", () => {
  it("lists each page in English and Danish, each naming both and English as the default", () => {
    const xml = renderSitemap("https://rcl.example", [{ path: "/events/summer-row?x=1&y=2" }, { path: "/" }]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://rcl.example/events/summer-row?x=1&amp;y=2</loc>");
    expect(xml).toContain("<loc>https://rcl.example/da/events/summer-row?x=1&amp;y=2</loc>");
    expect(xml).toContain("<loc>https://rcl.example/da</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(4);
    const danishHome = xml.split("\n").find((line) => line.includes("<loc>https://rcl.example/da</loc>"));
    expect(danishHome).toContain('hreflang="en" href="https://rcl.example/"');
    expect(danishHome).toContain('hreflang="da" href="https://rcl.example/da"');
    expect(danishHome).toContain('hreflang="x-default" href="https://rcl.example/"');
  });
});
