import { describe, expect, it } from "vitest";
import { pageNumbers } from "./event-pagination";

describe("pageNumbers", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 417, [1, 2, null, 417]],
    [5, 417, [1, null, 4, 5, 6, null, 417]],
    // A gap of one page shows the page instead of an ellipsis.
    [4, 417, [1, 2, 3, 4, 5, null, 417]],
    [417, 417, [1, null, 416, 417]],
    [414, 417, [1, null, 413, 414, 415, 416, 417]],
  ])("on page %i of %i offers %j", (page, count, expected) => {
    expect(pageNumbers(page, count)).toEqual(expected);
  });
});
