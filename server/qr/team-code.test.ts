import { describe, expect, it } from "vitest";
import { decodeCodePng, decodeVersion1, pngPixels } from "../../tests/support/qr-decode";
import { hasTeamCode, seatCodeOf, teamCodeOf, teamCodePng, teamCodeSvg } from "./team-code";

// lean-qr only encodes, so the test reads the codes back itself: the matrix decoded as a
// scanner would (version 1, which every reference fits), and the SVG's and the PNG's
// modules compared with that matrix one by one.

/** Whether a point is inside the SVG path's outlines (even-odd; lean-qr draws holes reversed). */
function insidePath(d: string, px: number, py: number): boolean {
  let inside = false;
  for (const outline of d.split("Z").filter(Boolean)) {
    const points = outline
      .replace(/^M/, "")
      .split("L")
      .map((pair) => pair.trim().split(" ").map(Number) as [number, number]);
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const REFERENCE = "RCL-7K3Q9P";

describe("a team's QR code", () => {
  it("holds the booking reference as text, in the smallest code at level M or better", () => {
    const code = teamCodeOf(REFERENCE);
    const { text, level } = decodeVersion1((x, y) => code.get(x, y), code.size);
    expect(text).toBe(REFERENCE);
    expect(["M", "Q", "H"]).toContain(level);
    // A rower's seat, later (ADR 038), fits the same size.
    const seat = teamCodeOf(`${REFERENCE}/3`);
    expect(decodeVersion1((x, y) => seat.get(x, y), seat.size).text).toBe(`${REFERENCE}/3`);
  });

  it("is the same code for the same reference, and another for another", () => {
    expect(teamCodeOf(REFERENCE).toString()).toBe(teamCodeOf(REFERENCE).toString());
    expect(teamCodeOf("RCL-7K3Q9Q").toString()).not.toBe(teamCodeOf(REFERENCE).toString());
  });

  it("draws as an SVG with a text alternative, black on white, a quiet zone and sharp edges", () => {
    const svg = teamCodeSvg(REFERENCE, `QR code "${REFERENCE}" & more`);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain('role="img"');
    expect(svg).toContain(`aria-label="QR code &quot;${REFERENCE}&quot; &amp; more"`);
    expect(svg).toContain(`<title>QR code &quot;${REFERENCE}&quot; &amp; more</title>`);
    expect(svg).toContain('shape-rendering="crispEdges"');
    // 21 modules and 4 of quiet zone on each side; no size of its own, so CSS sizes it.
    expect(svg).toContain('viewBox="-4 -4 29 29"');
    expect(svg).not.toMatch(/ (width|height)="\d+" role/);
    expect(svg).toContain('<rect x="-4" y="-4" width="29" height="29" fill="#fff"/>');
    const fills = [...svg.matchAll(/fill="([^"]+)"/g)].map((match) => match[1]);
    expect(fills).toEqual(["#fff", "#000"]);

    const d = /<path d="([^"]+)"/.exec(svg)![1]!;
    const code = teamCodeOf(REFERENCE);
    for (let y = -4; y < code.size + 4; y++) {
      for (let x = -4; x < code.size + 4; x++) {
        expect(insidePath(d, x + 0.5, y + 0.5), `module ${x},${y}`).toBe(code.get(x, y));
      }
    }
  });

  it("makes a PNG for mail: opaque black on white, 8 pixels a module, with the quiet zone", () => {
    const png = teamCodePng(REFERENCE);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.length).toBeGreaterThan(100);
    expect(png.length).toBeLessThan(2_000);
    const image = pngPixels(png);
    expect(image).toMatchObject({ width: 29 * 8, height: 29 * 8, bitDepth: 1, colourType: 3 });
    // Palette entry 0 is white ("off"), 1 black ("on"); no transparency chunk.
    expect([...image.palette!]).toEqual([255, 255, 255, 0, 0, 0]);
    expect(png.includes("tRNS")).toBe(false);
    const code = teamCodeOf(REFERENCE);
    for (let y = 0; y < 29; y++) {
      for (let x = 0; x < 29; x++) {
        expect(image.dark(x * 8 + 4, y * 8 + 4), `module ${x - 4},${y - 4}`).toBe(code.get(x - 4, y - 4));
      }
    }
  });

  it("reads back from the mail's PNG as a scanner would", () => {
    expect(decodeCodePng(teamCodePng(REFERENCE))).toBe(REFERENCE);
    expect(decodeCodePng(teamCodePng(`${REFERENCE}/12`))).toBe(`${REFERENCE}/12`);
  });

  it("gives a rower their seat's code only while their link opens the seat", () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const roster = [
      { id: "00000000-0000-4000-8000-000000000001", name: "Anna" },
      { id: "00000000-0000-4000-8000-000000000002", name: "Bo" },
    ];
    const team = { status: "confirmed" as const, reference: REFERENCE, roster };
    const later = { endsAt: new Date("2026-06-02T10:00:00Z") };
    expect(seatCodeOf(team, later, roster[1]!.id, now)).toBe(`${REFERENCE}/2`);
    // Ended, not confirmed, or a seat no longer on the roster: no code.
    expect(seatCodeOf(team, { endsAt: now }, roster[1]!.id, now)).toBeNull();
    for (const status of ["waitlisted", "held", "cancelled"] as const)
      expect(seatCodeOf({ ...team, status }, later, roster[0]!.id, now)).toBeNull();
    expect(seatCodeOf(team, later, "00000000-0000-4000-8000-000000000003", now)).toBeNull();
  });

  it("belongs to confirmed teams only", () => {
    expect(hasTeamCode({ status: "confirmed" })).toBe(true);
    for (const status of ["waitlisted", "held", "cancelled"] as const)
      expect(hasTeamCode({ status })).toBe(false);
  });
});
