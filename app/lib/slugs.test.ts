import { describe, expect, it } from "vitest";
import { slugify } from "./slugs";

describe("slugify", () => {
  it("spells out Danish letters and drops accents and punctuation", () => {
    expect(slugify("Ærø Roklub")).toBe("aeroe-roklub");
    expect(slugify("Århus Roklub & Kajak")).toBe("aarhus-roklub-kajak");
    expect(slugify("  Café Søhus -- Rowing ")).toBe("cafe-soehus-rowing");
  });

  it("gives nothing for a name without letters or digits", () => {
    expect(slugify("!!!")).toBe("");
  });
});
