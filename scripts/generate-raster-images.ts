// Makes the raster copies of the sample SVGs that some readers need, and writes them into
// public/ beside their sources, where they are committed:
//   - the home-screen icons the web manifest and iOS ask for (PNG), from public/favicon.svg;
//   - the sample events' and partners' link-preview JPEGs (1200 × 630), which LinkedIn,
//     Slack and Facebook show where they would not show an SVG. Each is made by the upload
//     pipeline itself (processImage), from a PNG of the SVG, so it is the JPEG an upload of
//     the same picture would get.
//
// Usage: npx tsx scripts/generate-raster-images.ts
//
// Run it by hand after scripts/generate-sample-images.mjs changes a picture. The files are
// committed rather than made by the build: the development server serves public/ as it is,
// the seed names the files, and sharp's output may differ by a few bytes between versions.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { processImage } from "#server/storage/process-image";
import { APPLE_TOUCH_ICON, MANIFEST_ICONS, THEME_COLOR } from "~/lib/site-icons";
import { samplePreviewImages } from "#server/db/seed/sample-content";

const publicDir = path.resolve(import.meta.dirname, "../public");
const inPublic = (src: string) => path.join(publicDir, src);

/** The share of a maskable icon its picture fills: the rest is the safe zone's margin. */
const MASKABLE_SCALE = 0.72;

/** The favicon at `size` pixels: SVG renders at 72 dpi, so the density scales it sharply. */
async function renderFavicon(favicon: Buffer, size: number) {
  return sharp(favicon, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * An icon on a square of the theme's colour: maskable icons and iOS's fill their whole
 * square (the platform cuts the shape), so the favicon's transparent corners are filled.
 */
async function onThemeSquare(favicon: Buffer, size: number, scale: number) {
  const inner = Math.round(size * scale);
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: await renderFavicon(favicon, inner), gravity: "centre" }])
    .png()
    .toBuffer();
}

async function write(src: string, body: Buffer) {
  await mkdir(path.dirname(inPublic(src)), { recursive: true });
  await writeFile(inPublic(src), body);
  console.log(`${src} (${body.length} bytes)`);
}

const favicon = await readFile(inPublic("/favicon.svg"));
for (const icon of MANIFEST_ICONS) {
  const body =
    icon.purpose === "maskable"
      ? await onThemeSquare(favicon, icon.size, MASKABLE_SCALE)
      : await renderFavicon(favicon, icon.size);
  await write(icon.src, body);
}
await write(APPLE_TOUCH_ICON.src, await onThemeSquare(favicon, APPLE_TOUCH_ICON.size, 1));

for (const { src, previewSrc } of samplePreviewImages()) {
  // Twice the drawing's size, so the preview is cut from pixels, never enlarged.
  const png = await sharp(await readFile(inPublic(src)), { density: 144 })
    .png()
    .toBuffer();
  const { preview } = await processImage(png);
  await write(previewSrc, preview.body);
}
