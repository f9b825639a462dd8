import { inflateSync } from "node:zlib";
import { expect } from "vitest";

// lean-qr only encodes, so tests read its codes back themselves: the matrix decoded as a
// scanner would (version 1, which a booking reference and a seat's code both fit), and a
// mail's PNG read module by module (server/qr/team-code.test.ts checks the reading).

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
export function decodeVersion1(get: Matrix, size: number): { text: string; level: string } {
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
export function pngPixels(png: Buffer) {
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

/** The text of a mail's QR code PNG (lean-qr's, 8 pixels a module, 4 modules of quiet zone), as a scanner reads it. */
export function decodeCodePng(png: Buffer): string {
  const image = pngPixels(png);
  const size = image.width / 8 - 8;
  return decodeVersion1((x, y) => image.dark((x + 4) * 8 + 4, (y + 4) * 8 + 4), size).text;
}
