import { describe, expect, it } from "vitest";
import { publicPageTags, tagsChangedBy } from "./public-pages";

describe("publicPageTags", () => {
  it("tags the public pages by what they show", () => {
    expect(publicPageTags("/")).toEqual(["catalogue", "site"]);
    expect(publicPageTags("/_.data")).toEqual(["catalogue", "site"]);
    expect(publicPageTags("/events.data")).toEqual(["catalogue", "site"]);
    expect(publicPageTags("/events/harbour-race")).toEqual(["event:harbour-race", "catalogue", "site"]);
    expect(publicPageTags("/events/harbour-race.data")).toEqual(["event:harbour-race", "catalogue", "site"]);
    expect(publicPageTags("/partners/frg")).toEqual(["partner:frg", "catalogue", "site"]);
    expect(publicPageTags("/privacy")).toEqual(["site"]);
    expect(publicPageTags("/about")).toEqual(["team", "site"]);
    expect(publicPageTags("/sitemap.xml")).toEqual(["catalogue", "site"]);
  });

  it("leaves forms, personal pages and files out", () => {
    for (const path of [
      "/contact",
      "/partners/apply",
      "/partners/frg/inquire",
      "/events/harbour-race/register",
      "/events/harbour-race/calendar.ics",
      "/dashboard",
      "/login",
      "/favicon.svg",
      "/events/Harbour_Race",
    ]) {
      expect(publicPageTags(path), path).toBeNull();
    }
  });
});

describe("tagsChangedBy", () => {
  it("purges what each kind of change shows on", () => {
    expect(tagsChangedBy("registration:harbour-race")).toEqual(["event:harbour-race"]);
    expect(tagsChangedBy("event:harbour-race")).toEqual(["event:harbour-race", "catalogue"]);
    expect(tagsChangedBy("partner:frg")).toEqual(["partner:frg", "catalogue"]);
    expect(tagsChangedBy("team")).toEqual(["team"]);
    expect(tagsChangedBy("site")).toBe("all");
    expect(tagsChangedBy("something-new")).toBe("all");
  });
});
