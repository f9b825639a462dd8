import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hasTeamCode, teamCodeOf, teamCodePng, teamCodeSvg } from "./team-code";

// lean-qr only encodes, so the test reads the codes back itself: the matrix decoded as a
// scanner would (version 1, which every reference fits), and the SVG's and the PNG's
// modules compared with that matrix one by one.

type Matrix = (x: number, y: number) => boolean;

const FORMAT_LEVELS = { 1: "L", 0: "M", 3: "Q", 2: "H" } as const;
const DATA_CODEWORDS = { L: 19, M: 16, Q: 13, H: 9 } as const;
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The 15 format bits as the standard makes them: BCH(15,5), masked with 0x5412. */
function formatBits(level: number, mask: number): number {
  const data = (level << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

/** Decodes a version 1 code's text (numeric, alphanumeric and byte segments), without error correction. */
function decodeVersion1(get: Matrix, size: number): { text: string; level: string } {
  expect(size).toBe(21);
  let read = 0;
  for (let i = 0; i <= 5; i++) read |= Number(get(8, i)) << i;
  read |= Number(get(8, 7)) << 6;
  read |= Number(get(8, 8)) << 7;
  read |= Number(get(7, 8)) << 8;
  for (let i = 9; i < 15; i++) read |= Number(get(14 - i, 8)) << i;
  const format = [0, 1, 2, 3]
    .flatMap((level) => MASKS.map((_, mask) => ({ level, mask })))
    .find(({ level, mask }) => formatBits(level, mask) === read);
  if (!format) throw new Error("no valid format information");
  const level = FORMAT_LEVELS[format.level as 0 | 1 | 2 | 3];
  const isFunction = (x: number, y: number) =>
    x === 6 || y === 6 || (x < 9 && y < 9) || (x >= size - 8 && y < 9) || (x < 9 && y >= size - 8);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical;
        if (!isFunction(x, y)) bits.push(Number(get(x, y) !== MASKS[format.mask]!(x, y)));
      }
    }
  }
  const stream = bits.slice(0, DATA_CODEWORDS[level] * 8);
  let at = 0;
  const take = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i++) value = (value << 1) | (stream[at++] ?? 0);
    return value;
  };
  let text = "";
  while (at + 4 <= stream.length) {
    const mode = take(4);
    if (mode === 0) break;
    if (mode === 0b0001) {
      for (let left = take(10); left > 0; left -= 3) {
        const digits = Math.min(left, 3);
        text += String(take([0, 4, 7, 10][digits]!)).padStart(digits, "0");
      }
    } else if (mode === 0b0010) {
      for (let left = take(9); left > 0; left -= 2) {
        if (left === 1) text += ALPHANUMERIC[take(6)];
        else {
          const pair = take(11);
          text += ALPHANUMERIC[Math.floor(pair / 45)]! + ALPHANUMERIC[pair % 45]!;
        }
      }
    } else if (mode === 0b0100) {
      const bytes = Array.from({ length: take(8) }, () => take(8));
      text += Buffer.from(bytes).toString("latin1");
    } else throw new Error(`mode ${mode} not expected in a reference`);
  }
  return { text, level };
}

/** The PNG's pixels, from lean-qr's 1-bit palette image: true where a pixel is the palette's "on" colour. */
function pngPixels(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const bitDepth = png[24];
  const colourType = png[25];
  const chunks: Buffer[] = [];
  let palette: Buffer | undefined;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    if (type === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    if (type === "PLTE") palette = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = 1 + Math.ceil(width / 8);
  const dark = (x: number, y: number) => {
    expect(raw[y * stride]).toBe(0); // no row filter
    return ((raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
  };
  return { width, height, bitDepth, colourType, palette, dark };
}

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

  it("belongs to confirmed teams only", () => {
    expect(hasTeamCode({ status: "confirmed" })).toBe(true);
    for (const status of ["waitlisted", "held", "cancelled"] as const)
      expect(hasTeamCode({ status })).toBe(false);
  });
});
