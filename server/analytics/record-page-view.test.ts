import { describe, expect, it } from "vitest";
import { countsAsPageView } from "./record-page-view";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const request = (headers: Record<string, string>, method = "GET") =>
  new Request("https://rcl.test/events/harbour-regatta", { method, headers });

describe("countsAsPageView", () => {
  it("counts a browser's GET, a document load or a client-side navigation alike", () => {
    expect(countsAsPageView(request({ "User-Agent": BROWSER }))).toBe(true);
    expect(countsAsPageView(request({ "User-Agent": BROWSER, Accept: "*/*" }))).toBe(true);
  });

  it("leaves out crawlers and requests without a User-Agent", () => {
    expect(countsAsPageView(request({ "User-Agent": GOOGLEBOT }))).toBe(false);
    expect(countsAsPageView(request({ "User-Agent": "curl/8.5.0" }))).toBe(false);
    expect(countsAsPageView(request({}))).toBe(false);
    expect(countsAsPageView(request({ "User-Agent": "" }))).toBe(false);
  });

  it("leaves out prefetches and prerenders", () => {
    const prefetches: Record<string, string>[] = [
      { "Sec-Purpose": "prefetch" },
      { "Sec-Purpose": "prefetch;prerender" },
      { Purpose: "prefetch" },
      { "X-Moz": "prefetch" },
    ];
    for (const headers of prefetches) {
      expect(countsAsPageView(request({ "User-Agent": BROWSER, ...headers })), JSON.stringify(headers)).toBe(
        false,
      );
    }
  });

  it("leaves out HEAD requests", () => {
    expect(countsAsPageView(request({ "User-Agent": BROWSER }, "HEAD"))).toBe(false);
  });
});
