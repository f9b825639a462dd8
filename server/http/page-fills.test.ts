import { describe, expect, it, vi } from "vitest";
import { PageStore } from "#server/cache/page-store";
import { pageFillMarker, PageFills } from "./page-fills";

const KEY = "https://rcl.test/events";
const TAGS = ["catalogue"];

/** A site whose renders each wait for the test to answer them. */
function slowSite(store: PageStore) {
  const requests: Request[] = [];
  const answers: ((response: Response) => void)[] = [];
  const fills = new PageFills(store, (request) => {
    requests.push(request);
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
  const page = (status = 200, body = "<p>events</p>") =>
    new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
  return {
    fills,
    requests,
    /** Answers the render with this index. */
    answer: (index: number, response = page()) => answers[index]!(response),
    page,
  };
}

const visit = (init: RequestInit = {}) => new Request(KEY, init);

function clockedStore() {
  const clock = { now: 0 };
  const store = new PageStore({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 1_000, now: () => clock.now });
  return { store, clock };
}

describe("PageFills", () => {
  it("renders a page once however many visitors ask for it at the same time", async () => {
    const { store } = clockedStore();
    const site = slowSite(store);
    const fills = Array.from({ length: 20 }, () => site.fills.refresh(KEY, TAGS, visit()));
    expect(site.requests).toHaveLength(1);
    expect(new Set(fills).size).toBe(1);
    site.answer(0);
    const result = await fills[0]!.result;
    expect(result).toMatchObject({ cacheable: true, stored: true });
    expect(store.get(KEY)?.expired).toBe(false);
    // Done: the next expiry starts a new one.
    site.fills.refresh(KEY, TAGS, visit());
    expect(site.requests).toHaveLength(2);
  });

  it("finishes and holds a render whose visitor left: it never carries the visitor's signal", async () => {
    const { store } = clockedStore();
    const site = slowSite(store);
    const left = new AbortController();
    const fill = site.fills.start(KEY, TAGS, visit({ signal: left.signal, method: "HEAD" }));
    left.abort();
    const [request] = site.requests;
    expect(request!.signal.aborted).toBe(false);
    expect(request!.method).toBe("GET");
    expect(pageFillMarker(request!)).toMatch(/^[\w-]{24}$/);
    site.answer(0);
    expect(await fill.result).toMatchObject({ stored: true });
    expect(store.get(KEY)).toBeDefined();
  });

  it("renders the page as the visitor asked for it, but never as a 304 or a part of it", () => {
    const { store } = clockedStore();
    const site = slowSite(store);
    site.fills.start(
      KEY,
      TAGS,
      visit({ headers: { "Accept-Language": "da", "If-None-Match": 'W/"old"', Range: "bytes=0-10" } }),
    );
    const headers = site.requests[0]!.headers;
    expect(headers.get("accept-language")).toBe("da");
    expect(headers.has("if-none-match")).toBe(false);
    expect(headers.has("range")).toBe(false);
    expect(pageFillMarker(visit())).toBeUndefined();
  });

  it("holds no page rendered while a change to it committed, and renders it again for the next visitor", async () => {
    const { store } = clockedStore();
    const site = slowSite(store);
    const first = site.fills.refresh(KEY, TAGS, visit());
    store.purge(["catalogue"]);
    // The render under way shows what changed: nobody may wait for it.
    expect(site.fills.pending(KEY, TAGS)).toBeUndefined();
    const second = site.fills.refresh(KEY, TAGS, visit());
    expect(second).not.toBe(first);
    site.answer(0, site.page(200, "<p>before</p>"));
    expect(await first.result).toMatchObject({ cacheable: true, stored: false });
    expect(store.get(KEY)).toBeUndefined();
    site.answer(1, site.page(200, "<p>after</p>"));
    expect(await second.result).toMatchObject({ stored: true });
    expect(new TextDecoder().decode(store.get(KEY)!.page.bodies.identity)).toBe("<p>after</p>");
  });

  it("drops the expired copy of a page that is no longer one to hold, and keeps it through a failure", async () => {
    const { store, clock } = clockedStore();
    const site = slowSite(store);
    const held = site.fills.start(KEY, TAGS, visit());
    site.answer(0);
    await held.result;

    clock.now = 1_500;
    const failed = site.fills.refresh(KEY, TAGS, visit());
    site.answer(1, site.page(503, "busy"));
    expect(await failed.result).toMatchObject({ cacheable: false, stored: false });
    expect(store.get(KEY)).toMatchObject({ expired: true });

    const gone = site.fills.refresh(KEY, TAGS, visit());
    site.answer(2, site.page(404, "not found"));
    expect(await gone.result).toMatchObject({ cacheable: false, stored: false });
    expect(store.get(KEY)).toBeUndefined();
  });

  it("reports a render that failed before there was a page, and leaves the next to another", async () => {
    const { store } = clockedStore();
    const reported: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      reported.push(args.map(String).join(" "));
    });
    let renders = 0;
    const fills = new PageFills(store, () => {
      renders += 1;
      return Promise.reject(new Error("The site broke"));
    });
    expect(await fills.refresh(KEY, TAGS, visit()).result).toBeNull();
    expect(reported.join("\n")).toContain("Error while rendering GET /events for the page cache");
    expect(reported.join("\n")).toContain("The site broke");
    expect(await fills.refresh(KEY, TAGS, visit()).result).toBeNull();
    expect(renders).toBe(2);
  });
});
