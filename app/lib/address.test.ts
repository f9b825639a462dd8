import { describe, expect, it } from "vitest";
import { formatAddress } from "./address";

describe("formatAddress", () => {
  it("joins the location's details and the city with a comma", () => {
    expect(formatAddress({ locationDetails: "Islands Brygge 10", location: "Copenhagen" })).toBe(
      "Islands Brygge 10, Copenhagen",
    );
  });

  it("drops the full stop that ends a sentence of details, so none is doubled with the comma", () => {
    expect(
      formatAddress({ locationDetails: "Meet at the boathouse, parking by the harbour.", location: "Vejle" }),
    ).toBe("Meet at the boathouse, parking by the harbour, Vejle");
    expect(formatAddress({ locationDetails: "  By the harbour. ", location: "Vejle" })).toBe(
      "By the harbour, Vejle",
    );
  });

  it("gives the city alone without details, and the details alone without a city", () => {
    expect(formatAddress({ locationDetails: "", location: "Vejle" })).toBe("Vejle");
    expect(formatAddress({ locationDetails: "   ", location: "Vejle" })).toBe("Vejle");
    expect(formatAddress({ locationDetails: "By the harbour.", location: "" })).toBe("By the harbour.");
  });
});
