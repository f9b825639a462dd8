import { describe, expect, it } from "vitest";
import { hasNulCharacter } from "./nul-characters";

const url = (path: string) => new URL(path, "https://rcl.test");

describe("hasNulCharacter", () => {
  it.each([
    "/dashboard/admin/users/x%00y",
    "/events/x%00",
    "/dashboard/partner/registrations?q=x%00y",
    "/events?q=%00",
    "/events?x%00=1",
    "/events?page=2&q=ok&status=a%00",
  ])("finds the NUL in %s", (path) => {
    expect(hasNulCharacter(url(path))).toBe(true);
  });

  it.each([
    "/",
    "/events?q=river+side&page=2",
    // The text "%00", escaped, is no NUL.
    "/events?q=%2500",
    "/partners/x%2500y",
    // An overlong UTF-8 form is not decoded to U+0000, by the URL parser or the router.
    "/events?q=%C0%80",
    "/events/%C0%80",
    "/events?q=%ZZ",
  ])("lets %s through", (path) => {
    expect(hasNulCharacter(url(path))).toBe(false);
  });
});
