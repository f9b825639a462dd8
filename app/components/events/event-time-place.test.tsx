import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { EventTimePlace } from "./event-time-place";

describe("EventTimePlace", () => {
  it("keeps the date and the hours in one piece of text beside the icon", () => {
    const html = renderToStaticMarkup(
      <EventTimePlace
        startsAt={copenhagenTime(2027, 5, 14, 17, 30)}
        endsAt={copenhagenTime(2027, 5, 14, 20, 0)}
        location="Copenhagen"
      />,
    );
    // The line is a flex row: every node after the icon would be an item of its own, and
    // the row's gap would put a space before the comma ("May 14, 2027 , 5:30 PM").
    const line = /<li class="[^"]*">(.*?)<\/li>/.exec(html)?.[1] ?? "";
    const afterIcon = line.replace(/^<svg.*?<\/svg>/, "");
    expect(afterIcon).toMatch(/^<span>.*<\/span>$/);
    expect(afterIcon.replace(/<[^>]+>/g, "")).toBe("May 14, 2027, 5:30 PM - 8:00 PM");
  });
});
