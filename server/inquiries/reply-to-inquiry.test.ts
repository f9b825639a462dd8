import { describe, expect, it } from "vitest";
import { quoteMessage } from "./emails";

describe("quoteMessage", () => {
  it("puts every line behind '> ', blank lines as a bare '>'", () => {
    expect(quoteMessage("Hello,\r\n\nCould you host 30 people?")).toBe(
      "> Hello,\n>\n> Could you host 30 people?",
    );
  });
});
