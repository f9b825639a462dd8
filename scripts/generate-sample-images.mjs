#!/usr/bin/env node
// Generates the original, lightweight SVG sample illustrations used by the
// RCL website (events, partners, team portraits, hero background, favicon).
//
// Usage: node scripts/generate-sample-images.mjs
//
// No dependencies beyond Node's standard library. Output is deterministic:
// every file gets its own seeded pseudo-random generator (derived from the
// file name), so re-running the script produces byte-identical files.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC_DIR = join(ROOT, "public");

// Palette
const NAVY = "#0f2742";
const NAVY_D = "#0a1b2f";
const BLUE = "#1d6fa5";
const SKY = "#3fa7d6";
const TEAL = "#14b8a6";
const TEAL_D = "#0f766e";
const SAND = "#f4d8a8";
const WHITE = "#ffffff";
const SKIN = ["#f1c9a5", "#e0ac83", "#c68a62", "#8d5a3b"];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Seeded PRNG (FNV-1a hash of the name feeding mulberry32). */
function makeRng(name) {
  let h = 2166136261;
  for (const ch of name) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
  };
}

/** Round to one decimal, compact output, never "-0". */
const r = (v) => {
  const n = Math.round(v * 10) / 10;
  return Object.is(n, -0) ? 0 : n;
};

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function svg({ w, h, title, defs = "", body }) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="t">` +
    `<title id="t">${esc(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : "") +
    body +
    `</svg>\n`
  );
}

const stopsXml = (stops) =>
  stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a == null ? "" : ` stop-opacity="${a}"`}/>`)
    .join("");

/** Linear gradient; default direction is top -> bottom. */
const lin = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`;

const rad = (id, stops) => `<radialGradient id="${id}">${stopsXml(stops)}</radialGradient>`;

const rect = (x, y, w, h, fill, extra = "") =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="${fill}"${extra}/>`;

const full = (w, h, fill, extra = "") => `<rect width="${w}" height="${h}" fill="${fill}"${extra}/>`;

/** Smooth wave band from height y down to the bottom edge h. */
function wavePath(w, h, y, amp, len, phase) {
  const x0 = -(((phase % len) + len) % len);
  let d = `M${r(x0)},${r(y)}Q${r(x0 + len / 4)},${r(y - amp)} ${r(x0 + len / 2)},${r(y)}T`;
  const pts = [];
  for (let x = x0 + len / 2; x < w; x += len / 2) pts.push(`${r(x + len / 2)},${r(y)}`);
  return `${d}${pts.join(" ")}V${h}H${r(x0)}Z`;
}

const wave = (w, h, y, amp, len, phase, fill, extra = "") =>
  `<path d="${wavePath(w, h, y, amp, len, phase)}" fill="${fill}"${extra}/>`;

/** Short horizontal highlight strokes on water. */
function glints(rnd, n, x0, x1, y0, y1, lmin, lmax, opts = {}) {
  let d = "";
  for (let i = 0; i < n; i++) {
    const t = rnd.next();
    const y = y0 + (y1 - y0) * t;
    const l = (lmin + (lmax - lmin) * rnd.next()) * (0.5 + t);
    d += `M${r(rnd.range(x0, x1 - l))},${r(y)}h${r(l)}`;
  }
  const { color = WHITE, opacity = 0.35, width = 3 } = opts;
  return `<path d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** Sun with soft glow (needs rad("glow") style gradient passed as glowId). */
const sun = (cx, cy, rr, glowId, core = SAND) =>
  `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rr * 3.2)}" fill="url(#${glowId})"/><circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rr)}" fill="${core}"/>`;

const glowGrad = (id, color = SAND) =>
  rad(id, [
    [0, color, 0.75],
    [0.35, color, 0.25],
    [1, color, 0],
  ]);

/**
 * Skyline as a single path. Each building: [x, w, h, kind] with kind
 * "flat" | "spire" | "dome" | "peak" | "gable" | "step".
 */
function skyline(base, buildings) {
  let d = "";
  for (const [x, w, h, kind = "flat", extra = 0] of buildings) {
    const top = base - h;
    d += `M${r(x)},${base}V${r(top)}`;
    if (kind === "spire") {
      const sh = extra || w * 2.2;
      d += `H${r(x + w * 0.3)}L${r(x + w / 2)},${r(top - sh)}L${r(x + w * 0.7)},${r(top)}`;
    } else if (kind === "dome") {
      d += `H${r(x + w * 0.12)}A${r(w * 0.38)},${r(w * 0.38)} 0 0 1 ${r(x + w * 0.88)},${r(top)}`;
    } else if (kind === "peak") {
      d += `L${r(x + w / 2)},${r(top - (extra || w * 0.6))}L${r(x + w)},${r(top)}`;
    } else if (kind === "gable") {
      d += `L${r(x + w / 2)},${r(top - w * 0.55)}L${r(x + w)},${r(top)}`;
    } else if (kind === "step") {
      const s = w / 6;
      d += `h${r(s)}v${r(-s)}h${r(s)}v${r(-s)}h${r(s * 2)}v${r(s)}h${r(s)}v${r(s)}h${r(s)}`;
    } else {
      d += `H${r(x + w)}`;
    }
    d += `V${base}Z`;
  }
  return d;
}

const windowPattern = (id, w, h, color, opacity) =>
  `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${rect(w * 0.3, h * 0.3, w * 0.38, h * 0.42, color, ` opacity="${opacity}"`)}</pattern>`;

// ----- Rowing shell -------------------------------------------------------
// A rower (facing the stern, i.e. left) drawn around its seat at (0,0).
// Colours are inherited from the <use>: `color` = shirt, `fill` = skin,
// `stroke` = oar.
const ROWER_DEF =
  `<g id="rw">` +
  `<path d="M-1,-2L-13,-11L-25,-3" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" opacity=".7"/>` +
  `<path d="M0,-3L-7,-21M-7,-19L-20,-13" fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round"/>` +
  `<circle cx="-9" cy="-30" r="6" stroke="none"/>` +
  `<path d="M-17,-15L-50,6" fill="none" stroke-width="2.5"/>` +
  `<path d="M-45,3l-9,5.5" stroke-width="6" stroke-linecap="round"/>` +
  `</g>`;

function shell({ x, y, s = 1, n = 8, hull, shirt, skin, oar, cox = false, id }) {
  const L = n * 36 + 64;
  let uses = "";
  for (let i = 0; i < n; i++) uses += `<use href="#rw" x="${58 + i * 36}"/>`;
  const coxEl = cox
    ? `<path d="M22,-3v-9" stroke="currentColor" stroke-width="9" stroke-linecap="round"/><circle cx="23" cy="-19" r="5" stroke="none"/>`
    : "";
  return (
    `<g${id ? ` id="${id}"` : ""} transform="translate(${r(x)},${r(y)}) scale(${s})" color="${shirt}" fill="${skin}" stroke="${oar}">` +
    uses +
    coxEl +
    `<path d="M0,-3H${L}C${r(L * 0.8)},7 ${r(L * 0.2)},7 0,-3Z" fill="${hull}" stroke="none"/>` +
    `</g>`
  );
}

/** Mirror an element with the given id around a horizontal line. */
const reflect = (id, y, opacity = 0.22) =>
  `<use href="#${id}" transform="matrix(1 0 0 -1 0 ${r(2 * y)})" opacity="${opacity}"/>`;

// ----- People (avatar bust) ----------------------------------------------
function bust({ cx, cy, s, skin, shirt, hair, style }) {
  // Drawn for a 400x400 canvas centred at (200, 200), then transformed.
  const hairBack = {
    long: `<path d="M128,182C120,110 160,82 200,82C246,82 282,112 272,186L284,300H116Z" fill="${hair}"/>`,
    bob: `<path d="M130,178C126,112 162,86 200,86C240,86 276,112 270,178L274,246H126Z" fill="${hair}"/>`,
    short: "",
  }[style];
  const hairTop = {
    long: `<path d="M140,160C142,112 172,96 204,96C238,96 262,118 262,158C236,150 212,132 200,114C188,136 166,152 140,160Z" fill="${hair}"/>`,
    bob: `<path d="M138,168C136,116 166,94 202,94C240,94 266,120 262,168C250,142 232,128 200,124C176,130 150,146 138,168Z" fill="${hair}"/><circle cx="200" cy="80" r="24" fill="${hair}"/>`,
    short: `<path d="M138,168C130,112 166,90 204,90C242,90 270,112 262,168C256,144 240,130 204,128C174,128 150,138 138,168Z" fill="${hair}"/>`,
  }[style];
  const beard =
    style === "short"
      ? `<path d="M146,196C150,250 176,268 200,268C224,268 250,250 254,196C244,224 226,232 200,232C174,232 156,224 146,196Z" fill="${hair}"/>`
      : "";
  const face =
    `<circle cx="178" cy="182" r="6" fill="${NAVY}"/><circle cx="222" cy="182" r="6" fill="${NAVY}"/>` +
    `<path d="M180,214Q200,230 220,214" fill="none" stroke="${NAVY}" stroke-width="5" stroke-linecap="round"/>`;
  return (
    `<g transform="translate(${r(cx - 200 * s)},${r(cy - 200 * s)}) scale(${s})">` +
    hairBack +
    `<path d="M60,400C60,306 120,272 200,272C280,272 340,306 340,400Z" fill="${shirt}"/>` +
    `<path d="M172,236h56v40C218,292 182,292 172,276Z" fill="${skin}"/>` +
    `<path d="M172,262C190,272 210,272 228,262" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="6"/>` +
    `<ellipse cx="200" cy="182" rx="62" ry="76" fill="${skin}"/>` +
    beard +
    hairTop +
    face +
    `</g>`
  );
}

// ---------------------------------------------------------------------------
// Scenes: events (1200x675)
// ---------------------------------------------------------------------------

function riverRace(rnd) {
  const W = 1200;
  const H = 675;
  const hz = 300;
  const defs =
    lin("sky", [
      [0, SKY],
      [1, SAND],
    ]) +
    lin("wa", [
      [0, SKY],
      [1, BLUE],
    ]) +
    glowGrad("g") +
    ROWER_DEF;
  const crews = [
    [TEAL, WHITE, NAVY],
    [SAND, NAVY, WHITE],
    [NAVY, SAND, TEAL],
    [WHITE, TEAL, BLUE],
  ];
  let boats = "";
  const lanes = [380, 450, 530, 620];
  lanes.forEach((y, i) => {
    const [hull, shirt, oar] = crews[i];
    const s = 0.8 + i * 0.17;
    boats +=
      `<path d="M0,${y + 12}H${W}" stroke="${WHITE}" stroke-opacity=".25" stroke-width="2" stroke-dasharray="2 18"/>` +
      shell({
        x: rnd.range(60, 380) - i * 40,
        y,
        s: r(s),
        n: i % 2 ? 4 : 8,
        hull,
        shirt,
        skin: rnd.pick(SKIN),
        oar,
        cox: i % 2 === 0,
      });
  });
  const body =
    rect(0, 0, W, hz, "url(#sky)") +
    sun(rnd.range(780, 1000), 210, 46, "g") +
    wave(W, H, hz - 40, 30, 520, rnd.range(0, 500), TEAL_D, ` opacity=".55"`) +
    `<path d="${skyline(hz, [
      [0, 90, 40, "flat"],
      [100, 60, 70, "spire", 60],
      [190, 150, 34, "gable"],
      [880, 120, 46, "flat"],
      [1010, 70, 62, "peak"],
      [1090, 110, 36, "flat"],
    ])}" fill="${NAVY}" opacity=".55"/>` +
    rect(0, hz, W, H - hz, "url(#wa)") +
    glints(rnd, 20, 0, W, hz + 20, H - 20, 30, 90) +
    boats;
  return { defs, body, W, H };
}

function equestrian(rnd) {
  const W = 1200;
  const H = 675;
  const horseDef =
    `<g id="hs">` +
    `<ellipse cx="50" cy="40" rx="30" ry="14"/>` +
    `<path d="M66,36L82,12L92,15L84,44Z"/>` +
    `<ellipse cx="93" cy="20" rx="12" ry="5.5" transform="rotate(40 93 20)"/>` +
    `<path d="M83,11l1-8l5,7Z"/>` +
    `<path d="M29,48l-3,30M37,51l2,27M62,51l-2,27M70,48l4,30M22,36Q8,44 12,66" fill="none" stroke-width="5" stroke-linecap="round"/>` +
    `</g>`;
  const defs =
    lin("sky", [
      [0, SKY],
      [0.7, "#bfe3f2"],
      [1, SAND],
    ]) +
    lin("gr", [
      [0, "#5ec7a4"],
      [1, TEAL_D],
    ]) +
    glowGrad("g", WHITE) +
    horseDef;
  const horses = [
    [300, 360, 2.4, NAVY, false],
    [560, 400, 2.0, "#6b4a35", true],
    [820, 330, 1.6, "#3b2a20", false],
    [960, 470, 1.2, "#a9744f", true],
  ];
  let hs = "";
  for (const [x, y, s, c, flip] of horses) {
    const xx = x + rnd.range(-30, 30);
    const t = flip
      ? `translate(${r(xx + 100 * s)},${y}) scale(${-s},${s})`
      : `translate(${r(xx)},${y}) scale(${s})`;
    hs += `<use href="#hs" transform="${t}" fill="${c}" stroke="${c}"/>`;
  }
  let trees = "";
  for (let i = 0; i < 6; i++) {
    const x = rnd.range(40, 1160);
    const rr = rnd.range(26, 46);
    trees += `<path d="M${r(x)},300v-${r(rr)}" stroke="${NAVY}" stroke-width="6"/><circle cx="${r(x)}" cy="${r(300 - rr * 1.6)}" r="${r(rr)}" fill="${rnd.pick([TEAL_D, "#0d9488", "#115e59"])}"/>`;
  }
  let fence = `M0,520H${W}M0,548H${W}`;
  for (let x = 20; x < W; x += 90) fence += `M${x},500v70`;
  const body =
    full(W, H, "url(#sky)") +
    sun(rnd.range(900, 1080), 130, 50, "g", "#fff7e6") +
    `<path d="M${rnd.range(80, 200)},110h120M${rnd.range(500, 650)},80h90" stroke="${WHITE}" stroke-width="22" stroke-linecap="round" opacity=".8"/>` +
    wave(W, H, 300, 40, 900, rnd.range(0, 900), "#7fd1b9", ` opacity=".6"`) +
    trees +
    wave(W, H, 340, 26, 1300, rnd.range(0, 1300), "url(#gr)") +
    hs +
    `<path d="${fence}" stroke="${WHITE}" stroke-width="8" stroke-linecap="round" opacity=".9"/>` +
    glints(rnd, 30, 0, W, 380, H, 6, 14, {
      color: SAND,
      opacity: 0.5,
      width: 4,
    });
  return { defs, body, W, H };
}

function oxford(rnd) {
  const W = 1200;
  const H = 675;
  const hz = 390;
  const defs =
    lin("sky", [
      [0, NAVY],
      [0.55, BLUE],
      [1, SAND],
    ]) +
    lin("wa", [
      [0, BLUE],
      [1, NAVY],
    ]) +
    glowGrad("g") +
    ROWER_DEF;
  const b = [
    [0, 140, 90, "flat"],
    [120, 40, 130, "spire", 110],
    [170, 160, 100, "gable"],
    [330, 60, 150, "spire", 140],
    [400, 220, 110, "flat"],
    [460, 100, 150, "dome"],
    [620, 50, 170, "spire", 150],
    [680, 170, 95, "step"],
    [860, 36, 140, "spire", 120],
    [900, 160, 100, "flat"],
    [1060, 50, 120, "spire", 90],
    [1110, 90, 80, "gable"],
  ].map(([x, w, h, k, e]) => [x, w, h + rnd.range(-12, 12), k, e]);
  const body =
    rect(0, 0, W, hz, "url(#sky)") +
    sun(rnd.range(260, 420), 310, 40, "g") +
    `<g id="city" fill="${NAVY_D}"><path d="${skyline(hz, b)}"/>` +
    `<path d="M0,${hz}h${W}v-30H0Z"/></g>` +
    rect(0, hz, W, H - hz, "url(#wa)") +
    reflect("city", hz, 0.25) +
    glints(rnd, 24, 0, W, hz + 10, H - 10, 40, 110, { opacity: 0.2 }) +
    shell({
      id: "b",
      x: rnd.range(380, 520),
      y: 540,
      s: 1.5,
      n: 8,
      hull: WHITE,
      shirt: TEAL,
      skin: rnd.pick(SKIN),
      oar: SAND,
      cox: true,
    }) +
    reflect("b", 546, 0.15);
  return { defs, body, W, H };
}

function networking(rnd) {
  const W = 1200;
  const H = 675;
  const hz = 430;
  const defs =
    lin("sky", [
      [0, NAVY_D],
      [0.6, "#1b3f66"],
      [1, "#c98b6b"],
    ]) +
    lin("wa", [
      [0, "#173a5e"],
      [1, NAVY_D],
    ]) +
    windowPattern("win", 22, 26, SAND, 0.75) +
    lin("bub", [
      [0, WHITE],
      [1, "#dbeefa"],
    ]);
  const b = [];
  let x = -10;
  while (x < W) {
    const w = rnd.range(60, 130);
    b.push([x, w, rnd.range(80, 220), rnd.pick(["flat", "flat", "gable", "peak"])]);
    x += w + rnd.range(0, 10);
  }
  const city = skyline(hz, b);
  const bubble = (bx, by, bw, bh, fill, tailLeft) => {
    const tx = tailLeft ? bx + 30 : bx + bw - 30;
    const dx = tailLeft ? -18 : 18;
    const dots = [0.32, 0.5, 0.68]
      .map(
        (f) => `<circle cx="${r(bx + bw * f)}" cy="${r(by + bh / 2)}" r="${r(bh * 0.09)}" fill="${NAVY}"/>`,
      )
      .join("");
    return `<path d="M${r(bx + 24)},${r(by)}h${r(bw - 48)}a24,24 0 0 1 24,24v${r(bh - 48)}a24,24 0 0 1 -24,24H${r(tx + 12)}l${dx},26l-4,-26H${r(bx + 24)}a24,24 0 0 1 -24,-24v${r(-(bh - 48))}a24,24 0 0 1 24,-24Z" fill="${fill}"/>${dots}`;
  };
  const body =
    rect(0, 0, W, hz, "url(#sky)") +
    `<path d="${city}" fill="${NAVY_D}"/><path d="${city}" fill="url(#win)"/>` +
    rect(0, hz, W, H - hz, "url(#wa)") +
    glints(rnd, 28, 0, W, hz + 8, H - 10, 20, 60, {
      color: SAND,
      opacity: 0.35,
    }) +
    `<path d="M-20,90Q300,${r(rnd.range(170, 210))} 600,110T1220,100" fill="none" stroke="${NAVY_D}" stroke-width="2"/>` +
    `<path d="M-20,90Q300,${r(rnd.range(170, 210))} 600,110T1220,100" fill="none" stroke="${SAND}" stroke-width="10" stroke-linecap="round" stroke-dasharray="0 46"/>` +
    `<g opacity=".96">` +
    bubble(rnd.range(140, 240), 190, 220, 110, "url(#bub)", true) +
    bubble(rnd.range(470, 560), 120, 190, 96, TEAL, false) +
    bubble(rnd.range(800, 880), 210, 210, 104, SAND, true) +
    `</g>` +
    // Microphone on a stand
    `<g transform="translate(${r(rnd.range(620, 700))},390)"><path d="M0,40V250M-50,250h100" stroke="#0b1420" stroke-width="10" stroke-linecap="round"/>` +
    `<rect x="-22" y="-46" width="44" height="84" rx="22" fill="#cfd8e3"/><path d="M-22,-10h44M-22,6h44" stroke="${NAVY}" stroke-width="3"/><path d="M-34,0v8a34,34 0 0 0 68,0v-8" fill="none" stroke="#0b1420" stroke-width="7"/></g>`;
  return { defs, body, W, H };
}

const ERG_DEF =
  `<g id="erg">` +
  `<path d="M60,150L600,126" stroke="currentColor" stroke-width="16" stroke-linecap="round"/>` +
  `<path d="M560,130l30,70M80,150l-24,50M40,200h60M560,200h60" stroke="currentColor" stroke-width="12" stroke-linecap="round"/>` +
  `<circle cx="90" cy="110" r="62" fill="currentColor"/><circle cx="90" cy="110" r="40" fill="#000" opacity=".25"/><circle cx="90" cy="110" r="10" fill="${SAND}"/>` +
  `<path d="M120,60l30,-50" stroke="currentColor" stroke-width="8"/><rect x="124" y="-20" width="56" height="40" rx="6" fill="${NAVY}" stroke="currentColor" stroke-width="5"/><rect x="132" y="-12" width="40" height="24" rx="3" fill="${TEAL}" opacity=".8"/>` +
  `<path d="M168,152l20,-70" stroke="${NAVY}" stroke-width="14" stroke-linecap="round"/>` +
  `<rect x="340" y="112" width="70" height="18" rx="8" fill="${NAVY}"/>` +
  `</g>`;

const ERGO_PERSON =
  `<g id="pp">` +
  `<path d="M372,110L262,70L204,106" fill="none" stroke="${NAVY}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M376,108L352,14" stroke="currentColor" stroke-width="30" stroke-linecap="round"/>` +
  `<path d="M352,26L250,54" stroke="currentColor" stroke-width="12" stroke-linecap="round"/>` +
  `<path d="M250,54L150,82" stroke="#333" stroke-width="2"/>` +
  `<circle cx="342" cy="-24" r="20"/>` +
  `</g>`;

function indoor(rnd) {
  const W = 1200;
  const H = 675;
  const defs =
    lin("wall", [
      [0, "#e8f1f7"],
      [1, "#cfe2ee"],
    ]) +
    lin("fl", [
      [0, "#e3c08e"],
      [1, "#c79a62"],
    ]) +
    lin("win", [
      [0, SKY],
      [1, BLUE],
    ]) +
    ERG_DEF +
    ERGO_PERSON;
  let windows = "";
  for (let i = 0; i < 4; i++) {
    const x = 70 + i * 285;
    windows += rect(x, 60, 230, 230, "url(#win)", ` rx="6"`);
    windows += `<path d="M${x},${r(220 + rnd.range(-10, 10))}h230" stroke="${WHITE}" stroke-opacity=".4" stroke-width="4"/>`;
  }
  const colors = [TEAL, BLUE, NAVY];
  let ergs = "";
  const placements = [
    [110, 300, 0.68],
    [650, 300, 0.68],
    [300, 440, 1.0],
  ];
  placements.forEach(([x, y, s], i) => {
    const c = colors[(i + rnd.int(0, 2)) % 3];
    const shirt = rnd.pick([TEAL, SKY, SAND, "#f08a5d"]);
    const xx = r(x + rnd.range(-20, 20));
    ergs +=
      `<g transform="translate(${xx},${y}) scale(${s})"><ellipse cx="330" cy="204" rx="320" ry="14" fill="#000" opacity=".12"/><use href="#erg" color="${c}"/>` +
      (i !== 1 || rnd.next() > 0.3 ? `<use href="#pp" color="${shirt}" fill="${rnd.pick(SKIN)}"/>` : "") +
      `</g>`;
  });
  const body =
    full(W, H, "url(#wall)") +
    windows +
    `<path d="M0,300h${W}" stroke="${NAVY}" stroke-opacity=".15" stroke-width="6"/>` +
    rect(0, 330, W, H - 330, "url(#fl)") +
    `<path d="M0,420H${W}M0,520H${W}M0,630H${W}" stroke="#fff" stroke-opacity=".18" stroke-width="3"/>` +
    ergs;
  return { defs, body, W, H };
}

function brunch(rnd) {
  const W = 1200;
  const H = 675;
  const defs =
    lin("wall", [
      [0, "#fbeedb"],
      [1, SAND],
    ]) +
    lin("vw", [
      [0, "#9fd3ec"],
      [1, SKY],
    ]) +
    lin("tb", [
      [0, "#f7f3ec"],
      [1, "#e7dccb"],
    ]) +
    `<g id="cup"><ellipse cx="0" cy="44" rx="62" ry="14" fill="${WHITE}" stroke="#d9cbb5" stroke-width="3"/><path d="M-40,-10h80l-8,50h-64Z"/><path d="M38,2c30,-4 30,30 -4,28" fill="none" stroke-width="9"/><ellipse cx="0" cy="-10" rx="40" ry="9" fill="#5b3a24"/></g>` +
    lin("gl", [
      [0, "#ffd89a", 0.9],
      [1, "#f0a94a", 0.9],
    ]);
  let x = 150;
  const hc = ["#f0a94a", TEAL, "#c8553d", SAND, SKY, WHITE];
  let hh = "";
  while (x < 1060) {
    const w = Math.min(rnd.range(50, 80), 1080 - x);
    const h = rnd.range(70, 110);
    hh += `<path d="${skyline(300, [[x, w, h, "gable"]])}" fill="${rnd.pick(hc)}"/>`;
    x += w;
  }
  const steam = (sx, sy) =>
    `<path d="M${sx},${sy}c-12,-16 12,-26 0,-42M${sx + 18},${sy - 4}c-12,-16 12,-26 0,-42" fill="none" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".8"/>`;
  const cups = [
    [360, 470, BLUE],
    [840, 500, TEAL],
  ];
  const body =
    full(W, H, "url(#wall)") +
    // Window onto the harbour
    rect(120, 50, 960, 360, "url(#vw)", ` rx="10"`) +
    `<circle cx="${r(rnd.range(820, 980))}" cy="130" r="34" fill="#fff3da"/>` +
    hh +
    rect(120, 300, 960, 110, BLUE) +
    glints(rnd, 16, 150, 1050, 318, 400, 30, 80, { opacity: 0.4 }) +
    `<path d="M600,50v360M120,230h960" stroke="${WHITE}" stroke-width="14"/>` +
    `<rect x="120" y="50" width="960" height="360" rx="10" fill="none" stroke="${WHITE}" stroke-width="18"/>` +
    // Table
    `<path d="M0,440H${W}V${H}H0Z" fill="url(#tb)"/><path d="M0,440H${W}" stroke="#d9cbb5" stroke-width="6"/>` +
    // Plates with food
    `<ellipse cx="600" cy="560" rx="150" ry="44" fill="${WHITE}" stroke="#e2d6c2" stroke-width="4"/>` +
    `<path d="M520,556c20,-44 120,-44 150,-4c-30,-14 -70,-14 -80,12c-14,-18 -44,-20 -70,-8Z" fill="#e7a64b"/>` +
    `<circle cx="680" cy="552" r="18" fill="#c8553d"/><circle cx="705" cy="566" r="12" fill="${TEAL}"/>` +
    `<ellipse cx="160" cy="600" rx="110" ry="32" fill="${WHITE}" stroke="#e2d6c2" stroke-width="4"/>` +
    `<path d="M120,596a40,18 0 0 1 80,0Z" fill="#f6c453"/>` +
    // Juice glass
    `<path d="M1020,440l10,150h50l10,-150Z" fill="url(#gl)" stroke="${WHITE}" stroke-width="4"/>` +
    // Cups
    cups
      .map(
        ([cx, cy, c]) =>
          `<use href="#cup" x="${r(cx + rnd.range(-20, 20))}" y="${cy}" fill="${c}" stroke="${c}"/>`,
      )
      .join("") +
    steam(350, 440) +
    steam(836, 470);
  return { defs, body, W, H };
}

function virtualWorkshop(rnd) {
  const W = 1200;
  const H = 675;
  const defs =
    lin(
      "bg",
      [
        [0, TEAL],
        [1, BLUE],
      ],
      1,
      1,
    ) +
    lin("scr", [
      [0, "#16324f"],
      [1, NAVY],
    ]) +
    `<g id="av"><path d="M38,124C38,96 62,86 98,86C134,86 158,96 158,124Z" fill="currentColor"/><circle cx="98" cy="58" r="24"/>` +
    `<path d="M89,56h0M107,56h0" stroke="${NAVY}" stroke-width="5" stroke-linecap="round"/><path d="M90,67q8,6 16,0" fill="none" stroke="${NAVY}" stroke-width="2.5" stroke-linecap="round"/></g>` +
    `<path id="hl" d="M72,60C70,34 84,28 98,28C112,28 126,34 124,60L130,98H66Z"/>` +
    `<path id="hs1" d="M74,56C72,36 86,30 98,30C112,30 124,36 122,56C116,46 106,42 98,42C88,42 80,46 74,56Z"/>` +
    `<path id="hs2" d="M74,56C72,36 86,30 98,30C112,30 124,36 122,56C116,46 106,42 98,42C88,42 80,46 74,56ZM98,14a11,11 0 1 0 0.1,0Z"/>`;
  const tiles = [];
  const tw = 196;
  const th = 124;
  const ox = 370;
  const oy = 150;
  const bgs = [SKY, SAND, TEAL, "#7fb9d9", "#f0a94a", "#9ad9c8"];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 2; col++) {
      const x = ox + col * (tw + 12);
      const y = oy + row * (th + 12);
      const style = (row * 2 + col + rnd.int(0, 2)) % 3;
      const hair = rnd.pick(["#2b1d14", "#6b4a35", "#d9b36c", "#111111"]);
      const at = `x="${x}" y="${y}"`;
      tiles.push(
        rect(x, y, tw, th, bgs[(row * 2 + col + rnd.int(0, 5)) % bgs.length]) +
          (style === 0 ? `<use href="#hl" ${at} fill="${hair}"/>` : "") +
          `<use href="#av" ${at} color="${rnd.pick([NAVY, BLUE, TEAL_D, "#c8553d"])}" fill="${rnd.pick(SKIN)}"/>` +
          (style ? `<use href="#hs${style}" ${at} fill="${hair}"/>` : ""),
      );
    }
  }
  // Shared-screen tile with a simple bar chart
  const bars = [0, 1, 2, 3]
    .map((i) => {
      const h = rnd.range(30, 90);
      return rect(816 + i * 30, 300 - h, 18, h, i === 3 ? SAND : SKY);
    })
    .join("");
  const body =
    full(W, H, "url(#bg)") +
    `<circle cx="${r(rnd.range(100, 240))}" cy="120" r="140" fill="${WHITE}" opacity=".08"/><circle cx="${r(rnd.range(980, 1120))}" cy="560" r="200" fill="${WHITE}" opacity=".08"/>` +
    // Desk
    rect(0, 560, W, 115, NAVY, ` opacity=".35"`) +
    // Laptop
    `<rect x="330" y="110" width="540" height="360" rx="18" fill="#1f2a37"/>` +
    rect(350, 130, 500, 320, "url(#scr)") +
    tiles.join("") +
    rect(786, 150, 60, 260, WHITE, ` opacity=".08" rx="6"`) +
    `<path d="M800,300h60" stroke="${WHITE}" stroke-opacity=".5" stroke-width="2"/>` +
    `<g transform="translate(-20,0)">${bars}</g>` +
    `<circle cx="600" cy="430" r="10" fill="#ef4444"/><circle cx="570" cy="430" r="10" fill="${WHITE}" opacity=".6"/><circle cx="630" cy="430" r="10" fill="${WHITE}" opacity=".6"/>` +
    `<path d="M270,470h660l-50,70H320Z" fill="#cfd8e3"/><path d="M540,480h120l-10,22h-100Z" fill="#9aa8b8"/>` +
    // Mug and plant
    `<rect x="960" y="470" width="70" height="80" rx="10" fill="${SAND}"/><path d="M1030,490c30,0 30,40 0,40" fill="none" stroke="${SAND}" stroke-width="10"/>` +
    `<path d="M150,560l-12,-70h84l-12,70Z" fill="${WHITE}"/><path d="M180,490c-40,-40 -50,-90 -30,-120c10,40 30,70 30,120c0,-60 20,-100 50,-120c10,50 -10,90 -50,120Z" fill="${TEAL_D}"/>`;
  return { defs, body, W, H };
}

// ---------------------------------------------------------------------------
// Partners
// ---------------------------------------------------------------------------

function logo({ initials, ring, inner, accent, text, fontSize }) {
  return (rnd) => {
    const W = 256;
    const H = 256;
    const defs = lin("em", [
      [0, inner[0]],
      [1, inner[1]],
    ]);
    const tilt = r(rnd.range(-4, 4));
    const oars =
      `<g transform="rotate(${tilt} 128 128)" stroke="${accent}" stroke-linecap="round" opacity=".55">` +
      `<path d="M62,194L194,62M194,194L62,62" stroke-width="6"/>` +
      `<path d="M64,192l-16,16M192,192l16,16" stroke-width="18"/></g>`;
    const body =
      `<circle cx="128" cy="128" r="124" fill="${ring}"/>` +
      `<circle cx="128" cy="128" r="108" fill="url(#em)" stroke="${accent}" stroke-width="5"/>` +
      `<circle cx="128" cy="128" r="116" fill="none" stroke="${accent}" stroke-width="2" stroke-dasharray="3 7" opacity=".8"/>` +
      oars +
      `<path d="M40,170q22,-14 44,0t44,0t44,0t44,0" fill="none" stroke="${accent}" stroke-width="5" stroke-linecap="round" opacity=".9"/>` +
      `<text x="128" y="${r(128 + fontSize * 0.35)}" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-weight="700" font-size="${fontSize}" letter-spacing="2" fill="${text}">${initials}</text>` +
      `<path d="M128,44l5,10l11,1l-8,8l2,11l-10,-5l-10,5l2,-11l-8,-8l11,-1Z" fill="${accent}"/>`;
    return { defs, body, W, H };
  };
}

function frankfurtCover(rnd) {
  const W = 1600;
  const H = 500;
  const hz = 330;
  const defs =
    lin("sky", [
      [0, NAVY],
      [0.6, BLUE],
      [1, "#f2c88f"],
    ]) +
    lin("wa", [
      [0, "#1a4f7a"],
      [1, NAVY_D],
    ]) +
    windowPattern("win", 16, 20, SAND, 0.55) +
    glowGrad("g", "#f6c36b") +
    ROWER_DEF;
  const b = [];
  let x = 0;
  while (x < W) {
    const tall = x > 500 && x < 1200 && rnd.next() > 0.35;
    const w = tall ? rnd.range(50, 90) : rnd.range(60, 120);
    const h = tall ? rnd.range(150, 290) : rnd.range(40, 90);
    b.push([x, w, h, tall ? rnd.pick(["flat", "peak", "flat"]) : rnd.pick(["flat", "gable"])]);
    x += w + (tall ? rnd.range(10, 40) : 0);
  }
  b.push([360, 44, 150, "spire", 90]); // cathedral tower
  const city = skyline(hz, b);
  const body =
    rect(0, 0, W, hz, "url(#sky)") +
    sun(rnd.range(1250, 1420), 250, 40, "g", "#f6c36b") +
    `<g id="city"><path d="${city}" fill="${NAVY_D}"/><path d="${city}" fill="url(#win)"/></g>` +
    rect(0, hz, W, H - hz, "url(#wa)") +
    reflect("city", hz, 0.2) +
    // Iron footbridge
    `<path d="M120,${hz + 20}H780M140,${hz + 20}Q450,${hz - 70} 760,${hz + 20}M300,${hz - 16}v36M450,${hz - 25}v45M600,${hz - 16}v36" fill="none" stroke="#8fb5cf" stroke-opacity=".8" stroke-width="6"/>` +
    glints(rnd, 24, 0, W, hz + 30, H - 10, 30, 90, {
      color: "#f6c36b",
      opacity: 0.35,
    }) +
    shell({
      x: rnd.range(850, 1050),
      y: 440,
      s: 1.2,
      n: 4,
      hull: "#d4a537",
      shirt: "#b3262e",
      skin: rnd.pick(SKIN),
      oar: WHITE,
    });
  return { defs, body, W, H };
}

function copenhagenCover(rnd) {
  const W = 1600;
  const H = 500;
  const hz = 320;
  const defs =
    lin("sky", [
      [0, SKY],
      [1, "#dff1f8"],
    ]) +
    lin("wa", [
      [0, BLUE],
      [1, NAVY],
    ]) +
    windowPattern("win", 18, 30, WHITE, 0.7);
  const windows = rect(0, hz - 100, W, 90, "url(#win)");
  const colours = ["#f0a94a", "#c8553d", SAND, TEAL, SKY, "#f3e3c3", "#e2725b", "#2f8f83"];
  let x = -10;
  let houses = "";
  while (x < W) {
    const w = rnd.range(60, 100);
    const h = rnd.range(110, 170);
    const kind = rnd.pick(["gable", "step", "flat"]);
    const d = skyline(hz, [[x, w, h, kind]]);
    houses += `<path d="${d}" fill="${rnd.pick(colours)}"/>`;
    x += w;
  }
  let masts = "";
  for (let i = 0; i < 5; i++) {
    const bx = rnd.range(60, 1450);
    masts += `<path d="M${r(bx)},${hz + 40}h130l-20,24h-90Z" fill="${rnd.pick([WHITE, NAVY, "#c8553d"])}"/><path d="M${r(bx + 64)},${hz + 40}v-${r(rnd.range(140, 200))}" stroke="${NAVY}" stroke-width="4"/>`;
  }
  const body =
    full(W, H, "url(#sky)") +
    `<path d="M${rnd.range(100, 300)},80h160M${rnd.range(900, 1200)},60h120" stroke="${WHITE}" stroke-width="26" stroke-linecap="round" opacity=".7"/>` +
    `<g id="row">${houses}${windows}</g>` +
    rect(0, hz, W, 14, "#9aa8b8") +
    rect(0, hz + 14, W, H - hz - 14, "url(#wa)") +
    reflect("row", hz + 14, 0.18) +
    masts +
    glints(rnd, 36, 0, W, hz + 60, H - 8, 30, 90, { opacity: 0.35 });
  return { defs, body, W, H };
}

// ----- Galleries (800x600) -------------------------------------------------

function gallery(kind, club) {
  return (rnd) => {
    const W = 800;
    const H = 600;
    const { hull, shirt, oar, blade, roof, v } = club;
    let defs = "";
    let body = "";
    const racks = (x0, x1, y0, n) => {
      let out = "";
      for (let i = 0; i < n; i++) {
        const y = y0 + i * 32;
        const a = x0 + i * 4;
        const b = x1 - i * 4;
        out += `<path d="M${a},${y}H${b}C${r(b - (b - a) * 0.1)},${y + 10} ${r(a + (b - a) * 0.1)},${y + 10} ${a},${y}Z" fill="${i % 2 ? hull : WHITE}"/>`;
      }
      return out;
    };
    if (kind === "boathouse") {
      defs =
        lin("sky", [
          [0, SKY],
          [1, "#e6f4fa"],
        ]) +
        lin("wa", [
          [0, BLUE],
          [1, NAVY],
        ]);
      const fx = r(rnd.range(40, 56));
      const house = v
        ? // Modern harbour boathouse with a flat roof and two bays
          rect(110, 170, 580, 270, "#eef3f7") +
          rect(140, 190, 520, 44, SKY, ` opacity=".8"`) +
          `<path d="M270,190v44M400,190v44M530,190v44" stroke="${WHITE}" stroke-width="6"/>` +
          rect(140, 260, 240, 180, "#2d3b4a") +
          rect(420, 260, 240, 180, "#2d3b4a") +
          racks(150, 370, 290, 4) +
          racks(430, 650, 290, 4) +
          rect(80, 150, 640, 22, roof) +
          `<path d="M${fx},440V80" stroke="${NAVY}" stroke-width="6"/><path d="M${fx},84h70l-16,20l16,20h-70Z" fill="${blade}"/>`
        : // Classic gabled clubhouse
          `<path d="M100,200L400,${r(rnd.range(70, 100))}L700,200V440H100Z" fill="${SAND}"/>` +
          `<path d="M70,212L400,${r(rnd.range(50, 70))}L730,212" fill="none" stroke="${roof}" stroke-width="30" stroke-linejoin="round"/>` +
          rect(180, 230, 440, 210, "#3a2b20") +
          racks(200, 600, 250, 4) +
          `<path d="M400,230v210M180,230h440" stroke="${roof}" stroke-width="8"/>` +
          `<circle cx="400" cy="170" r="26" fill="${WHITE}" stroke="${roof}" stroke-width="6"/>`;
      body =
        full(W, H, "url(#sky)") +
        `<path d="M${r(rnd.range(40, 200))},90h110M${r(rnd.range(420, 560))},60h80" stroke="${WHITE}" stroke-width="24" stroke-linecap="round" opacity=".8"/>` +
        house +
        rect(60, 440, 680, 30, "#b08a5e") +
        `<path d="M100,470v60M240,470v60M380,470v60M520,470v60M660,470v60" stroke="#7a5a3a" stroke-width="12"/>` +
        wave(W, H, 500, 8, 160, rnd.range(0, 160), "url(#wa)") +
        glints(rnd, 14, 0, W, 520, H - 10, 30, 70);
    } else if (kind === "crew") {
      defs =
        lin("sky", [
          [0, "#bfe3f2"],
          [1, SAND],
        ]) +
        lin("wa", [
          [0, SKY],
          [1, BLUE],
        ]) +
        ROWER_DEF;
      let shore = "";
      if (v) {
        let x = -10;
        while (x < W) {
          const w = rnd.range(40, 70);
          shore += `<path d="${skyline(282, [[x, w, rnd.range(50, 90), rnd.pick(["gable", "step"])]])}" fill="${rnd.pick(["#f0a94a", "#c8553d", SAND, TEAL, "#e2725b", WHITE])}"/>`;
          x += w;
        }
      } else {
        shore = wave(W, H, 250, 24, 700, rnd.range(0, 700), TEAL_D, ` opacity=".6"`);
        for (let i = 0; i < 7; i++) {
          shore += `<circle cx="${r(rnd.range(0, W))}" cy="${r(rnd.range(240, 262))}" r="${r(rnd.range(18, 34))}" fill="${TEAL_D}"/>`;
        }
      }
      body =
        full(W, H, "url(#sky)") +
        shore +
        rect(0, 280, W, 320, "url(#wa)") +
        glints(rnd, 24, 0, W, 300, H - 10, 30, 90) +
        shell({
          id: "b",
          x: rnd.range(170, 250),
          y: 420,
          s: 1.9,
          n: 4,
          hull,
          shirt,
          skin: rnd.pick(SKIN),
          oar: blade,
        }) +
        reflect("b", 428, 0.15) +
        `<path d="M0,${r(rnd.range(490, 530))}q200,-20 400,0t400,0" fill="none" stroke="${WHITE}" stroke-width="4" opacity=".5"/>`;
    } else if (kind === "oars") {
      defs =
        lin("wall", [
          [0, "#f6ead3"],
          [1, SAND],
        ]) +
        `<g id="o"><path d="M0,0V330" stroke="${oar}" stroke-width="9" stroke-linecap="round"/><path d="M-4,300c-12,40 -10,100 4,130c14,-30 16,-90 4,-130Z" fill="${blade}"/><rect x="-6" y="-6" width="12" height="60" rx="6" fill="#333"/></g>`;
      let oarsEl = "";
      if (v) {
        // Oars lying horizontally on wall pegs
        for (let i = 0; i < 8; i++) {
          const x = 180 + (i % 2) * 440 + rnd.range(-10, 10);
          const y = 70 + i * 58 + rnd.range(-4, 4);
          oarsEl += `<use href="#o" transform="translate(${r(x)},${r(y)}) rotate(${i % 2 ? 90 : -90})"/>`;
        }
        body =
          full(W, H, "url(#wall)") +
          `<path d="M150,40v470M400,40v470M650,40v470" stroke="#8a6a48" stroke-width="18"/>`;
      } else {
        for (let i = 0; i < 9; i++) {
          const x = 110 + i * 72 + rnd.range(-8, 8);
          oarsEl += `<use href="#o" transform="translate(${r(x)},${r(60 + rnd.range(-6, 6))}) rotate(${r(rnd.range(-3, 3))})"/>`;
        }
        body =
          full(W, H, "url(#wall)") + `<path d="M0,120h${W}M0,420h${W}" stroke="#8a6a48" stroke-width="18"/>`;
      }
      body +=
        rect(0, 510, W, 90, "#b08a5e") + oarsEl + `<path d="M0,510h${W}" stroke="#7a5a3a" stroke-width="6"/>`;
    } else {
      // Sunrise (or misty early morning) training
      const sunC = v ? "#fff3da" : "#ffd28a";
      defs =
        lin(
          "sky",
          v
            ? [
                [0, NAVY],
                [0.55, BLUE],
                [1, "#a8dcd4"],
              ]
            : [
                [0, NAVY],
                [0.55, "#7c4f6b"],
                [1, "#f6b26b"],
              ],
        ) +
        lin("wa", [
          [0, v ? "#8fcfc6" : "#c9855a"],
          [0.4, BLUE],
          [1, NAVY],
        ]) +
        glowGrad("g", sunC) +
        ROWER_DEF;
      const sx = rnd.range(420, 620);
      body =
        rect(0, 0, W, 340, "url(#sky)") +
        sun(sx, 330, 54, "g", sunC) +
        wave(W, H, 320, 16, 600, rnd.range(0, 600), NAVY_D, ` opacity=".7"`) +
        rect(0, 340, W, 260, "url(#wa)") +
        (v
          ? `<path d="M-20,300h380M460,288h360M120,318h520" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity=".25"/>`
          : "") +
        glints(rnd, 22, sx - 90, sx + 90, 350, 560, 30, 60, {
          color: sunC,
          opacity: 0.55,
          width: 4,
        }) +
        glints(rnd, 14, 0, W, 380, H - 10, 30, 80, { opacity: 0.2 }) +
        shell({
          id: "b",
          x: rnd.range(80, 200),
          y: 450,
          s: 1.4,
          n: v ? 1 : 2,
          hull: NAVY_D,
          shirt: NAVY_D,
          skin: NAVY_D,
          oar: NAVY_D,
        }) +
        reflect("b", 456, 0.3);
    }
    return { defs, body, W, H };
  };
}

// ---------------------------------------------------------------------------
// Team portraits (400x400)
// ---------------------------------------------------------------------------

function portrait({ bg, skin, shirt, hair, style }) {
  return (rnd) => {
    const W = 400;
    const H = 400;
    const defs = lin(
      "bg",
      [
        [0, bg[0]],
        [1, bg[1]],
      ],
      1,
      1,
    );
    const body =
      full(W, H, "url(#bg)") +
      `<circle cx="${r(rnd.range(60, 340))}" cy="${r(rnd.range(40, 120))}" r="${r(rnd.range(60, 110))}" fill="${WHITE}" opacity=".12"/>` +
      wave(W, H, 330, 10, r(rnd.range(160, 240)), rnd.range(0, 200), WHITE, ` opacity=".12"`) +
      bust({ cx: 200, cy: 212, s: 1, skin, shirt, hair, style });
    return { defs, body, W, H };
  };
}

// ---------------------------------------------------------------------------
// Hero (1600x900) and favicon
// ---------------------------------------------------------------------------

function hero(rnd) {
  const W = 1600;
  const H = 900;
  const hz = 560;
  const sx = rnd.range(1150, 1260);
  const defs =
    lin("sky", [
      [0, "#12304f"],
      [0.5, "#2b5f8f"],
      [0.82, "#8fb5cf"],
      [1, "#f6c98f"],
    ]) +
    lin("wa", [
      [0, "#e3b582"],
      [0.12, "#3f7fae"],
      [0.5, BLUE],
      [1, NAVY_D],
    ]) +
    lin(
      "shade",
      [
        [0, NAVY_D, 0.92],
        [0.45, NAVY_D, 0.7],
        [0.68, NAVY_D, 0],
      ],
      1,
      0,
    ) +
    glowGrad("g", "#ffd9a0") +
    ROWER_DEF;
  const body =
    rect(0, 0, W, hz, "url(#sky)") +
    sun(sx, hz - 20, 60, "g", "#ffe2b3") +
    `<path d="M${r(sx - 700)},${hz - 60}h260M${r(sx - 320)},${hz - 110}h180" stroke="#ffd9a0" stroke-width="10" stroke-linecap="round" opacity=".35"/>` +
    wave(W, H, hz - 12, 14, 900, rnd.range(0, 900), NAVY_D, ` opacity=".6"`) +
    rect(0, hz, W, H - hz, "url(#wa)") +
    glints(rnd, 26, sx - 130, sx + 130, hz + 8, hz + 200, 30, 80, {
      color: "#ffd9a0",
      opacity: 0.55,
      width: 4,
    }) +
    glints(rnd, 26, 700, W, hz + 40, H - 20, 40, 120, { opacity: 0.18 }) +
    shell({
      id: "b",
      x: rnd.range(860, 920),
      y: 690,
      s: 1.45,
      n: 8,
      hull: WHITE,
      shirt: NAVY_D,
      skin: "#1b2f45",
      oar: NAVY_D,
      cox: true,
    }) +
    reflect("b", 696, 0.2) +
    full(W, H, "url(#shade)");
  return { defs, body, W, H };
}

function favicon() {
  const W = 64;
  const H = 64;
  const defs = lin(
    "f",
    [
      [0, BLUE],
      [1, NAVY],
    ],
    1,
    1,
  );
  const body =
    `<rect width="64" height="64" rx="14" fill="${NAVY}"/>` +
    `<rect x="3" y="3" width="58" height="58" rx="11" fill="url(#f)"/>` +
    `<path d="M16,12L44,40" stroke="${WHITE}" stroke-width="4" stroke-linecap="round"/>` +
    `<ellipse cx="45" cy="41" rx="10" ry="5.5" transform="rotate(45 45 41)" fill="${SAND}"/>` +
    `<path d="M8,48q6,-5 12,0t12,0t12,0t12,0" fill="none" stroke="${TEAL}" stroke-width="4" stroke-linecap="round"/>`;
  return { defs, body, W, H };
}

// ---------------------------------------------------------------------------
// File list
// ---------------------------------------------------------------------------

const FRG = {
  hull: "#d4a537",
  shirt: "#b3262e",
  oar: "#1f1f1f",
  blade: "#b3262e",
  roof: "#1f1f1f",
  v: 0,
};
const CHR = {
  hull: NAVY,
  shirt: WHITE,
  oar: NAVY,
  blade: TEAL,
  roof: NAVY,
  v: 1,
};

const FILES = [
  [
    "images/events/riverside-team-racing.svg",
    "Several rowing crews racing side by side on a river",
    riverRace,
  ],
  [
    "images/events/equestrian-corporate-retreat.svg",
    "Horses grazing in a green meadow under a bright sky",
    equestrian,
  ],
  [
    "images/events/oxford-leadership-summit.svg",
    "Historic spires by a river at dusk with a rowing eight",
    oxford,
  ],
  ["images/events/networking-mixer.svg", "Evening harbour with chat bubbles and a microphone", networking],
  ["images/events/indoor-rowing-challenge.svg", "Indoor rowing machines in a bright training hall", indoor],
  [
    "images/events/leadership-brunch-copenhagen.svg",
    "Brunch table with coffee cups in front of a harbour window",
    brunch,
  ],
  [
    "images/events/virtual-career-workshop.svg",
    "Laptop showing a video call with several participants",
    virtualWorkshop,
  ],
  [
    "images/partners/frankfurter-rg-germania-logo.svg",
    "Frankfurter RG Germania emblem",
    logo({
      initials: "FRG",
      ring: "#1f1f1f",
      inner: ["#b3262e", "#7f1d1d"],
      accent: "#d4a537",
      text: "#fff7e0",
      fontSize: 64,
    }),
  ],
  [
    "images/partners/copenhagen-harbour-rowing-club-logo.svg",
    "Copenhagen Harbour Rowing Club emblem",
    logo({
      initials: "CHR",
      ring: NAVY,
      inner: [BLUE, NAVY],
      accent: WHITE,
      text: WHITE,
      fontSize: 64,
    }),
  ],
  [
    "images/partners/frankfurter-rg-germania-cover.svg",
    "River with a city skyline, a bridge and a rowing four at dusk",
    frankfurtCover,
  ],
  [
    "images/partners/copenhagen-harbour-rowing-club-cover.svg",
    "Harbour lined with colourful houses and moored boats",
    copenhagenCover,
  ],
  ...[
    ["frankfurter-rg-germania", FRG, "Frankfurter RG Germania"],
    ["copenhagen-harbour-rowing-club", CHR, "Copenhagen Harbour Rowing Club"],
  ].flatMap(([slug, club, name]) =>
    (club.v
      ? [
          ["crew", "crew rowing in the harbour"],
          ["boathouse", "boathouse on the quay"],
          ["sunrise", "early morning training session"],
          ["oars", "oars stored on the wall"],
        ]
      : [
          ["boathouse", "clubhouse by the river"],
          ["crew", "crew rowing on the river"],
          ["oars", "rack of oars"],
          ["sunrise", "sunset training session"],
        ]
    ).map(([kind, label], i) => [
      `images/partners/${slug}-gallery-${i + 1}.svg`,
      `${name}: ${label}`,
      gallery(kind, club),
    ]),
  ),
  [
    "images/team/mette-lindqvist.svg",
    "Portrait illustration of Mette Lindqvist",
    portrait({
      bg: [TEAL, BLUE],
      skin: SKIN[0],
      shirt: NAVY,
      hair: "#d9b36c",
      style: "long",
    }),
  ],
  [
    "images/team/jonas-kragh.svg",
    "Portrait illustration of Jonas Kragh",
    portrait({
      bg: [SAND, "#e9b872"],
      skin: SKIN[1],
      shirt: BLUE,
      hair: "#5a3a24",
      style: "short",
    }),
  ],
  [
    "images/team/sofie-andersen.svg",
    "Portrait illustration of Sofie Andersen",
    portrait({
      bg: [SKY, NAVY],
      skin: SKIN[2],
      shirt: TEAL,
      hair: "#1c120c",
      style: "bob",
    }),
  ],
  ["images/hero.svg", "Calm water at sunrise with a rowing eight", hero],
  ["favicon.svg", "Rethink Corporate Life", favicon],
];

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

const MAX_BYTES = 10 * 1024;
let failed = false;
for (const [path, title, render] of FILES) {
  const { defs, body, W, H } = render(makeRng(path));
  const out = svg({ w: W, h: H, title, defs, body });
  const file = join(PUBLIC_DIR, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
  const size = Buffer.byteLength(out);
  if (size > MAX_BYTES) failed = true;
  console.log(
    `${relative(ROOT, file).padEnd(62)} ${String(W).padStart(4)}x${String(H).padEnd(4)} ${String(size).padStart(6)} B${size > MAX_BYTES ? "  TOO LARGE" : ""}`,
  );
}
if (failed) {
  console.error(`Some files exceed ${MAX_BYTES} bytes.`);
  process.exitCode = 1;
}
