import { createHash, randomBytes } from "node:crypto";
import type { Metadata } from "sharp";
import { AppError } from "#server/errors";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "~/lib/images";
import { m } from "~/paraglide/messages";

/**
 * About 50 megapixels: a modern phone's largest photo fits, a decompression bomb
 * (20,000 × 20,000) does not. Checked from the header, so such a file is never decoded.
 */
const MAX_IMAGE_PIXELS = 50_000_000;

/** Widths of the WebP variants pages pick from with `srcset`. */
const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** The size link previews (Open Graph, Twitter cards) expect. */
const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * Formats read by content. sharp's prebuilt libvips reads HEIF only with AV1 inside
 * (AVIF); iPhone HEIC photos use HEVC, which it cannot decode, so they get a message of
 * their own (docs/decisions/010-image-storage.md).
 */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

type ProcessedFile = {
  /** The file's name in the store: `<storageKey>-640.webp`, `<storageKey>-preview.jpg`. */
  key: string;
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
};

export type ProcessedImage = {
  /** The content hash (and a per-upload tail) every file's name starts with. */
  storageKey: string;
  /** The upright original's size. */
  width: number;
  height: number;
  /** Narrowest first. */
  variants: ProcessedFile[];
  preview: ProcessedFile;
  /** The uploaded file's size. */
  byteSize: number;
};

const refuse = (message: string) => new AppError("invalid", message, { fields: { file: message } });

const tooLarge = () => {
  // The upload field's own words for a file over the limit (~/lib/images).
  const message = m.images_file_too_large({ megabytes: MAX_IMAGE_MEGABYTES });
  return new AppError("too_large", message, { fields: { file: message } });
};

/** The formats the server reads, in the words of each language. */
const notAnImage = () => m.err_image_not_accepted();

const svgRefused = () => m.err_image_svg();

/**
 * An SVG is text: markup, after perhaps a byte-order mark, an XML declaration, comments
 * or a doctype. It is refused as the wrong kind before sharp reads it, since sharp reads
 * some SVGs and fails on others (one without a size is "bad dimensions"), which would
 * call a sound drawing damaged.
 */
function isSvg(input: Buffer): boolean {
  const head = input
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<") && /<svg[\s>/]/i.test(head);
}

const damaged = () => m.err_image_damaged();

const tooManyPixelsMessage = () => m.err_image_too_many_pixels({ megapixels: MAX_IMAGE_PIXELS / 1_000_000 });

/** sharp, loaded with the first upload rather than with the site (a quarter second). */
const loadSharp = async () => (await import("sharp")).default;

/** What the header says, or the refusal it earns, without decoding the pixels. */
async function readHeader(input: Buffer): Promise<{ width: number; height: number }> {
  if (isSvg(input)) throw refuse(svgRefused());
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (message.includes("pixel limit")) throw refuse(tooManyPixelsMessage());
    if (message.includes("unsupported image format")) throw refuse(notAnImage());
    throw refuse(damaged());
  }
  if (metadata.format === "heif") {
    throw refuse(m.err_image_heic());
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw refuse(notAnImage());
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw refuse(damaged());
  if (width * height > MAX_IMAGE_PIXELS) throw refuse(tooManyPixelsMessage());
  return { width, height };
}

/** Which widths to write: never wider than the original, and always at least one. */
export function variantWidths(originalWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/**
 * Judges an upload by its content and turns it into the files pages use: WebP variants
 * and a link-preview JPEG, upright (by the EXIF orientation) and without metadata (no
 * camera, no GPS position). A refusal is an AppError on the `file` field: `too_large`
 * over 10 MB, `invalid` for anything that is not a readable JPEG, PNG or WebP (an SVG
 * with a message of its own).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLarge();
  if (input.length === 0) throw refuse(m.err_image_empty());
  const { width, height } = await readHeader(input);
  const sharp = await loadSharp();

  const hash = createHash("sha256").update(input).digest("hex");
  // The tail keeps each upload's files its own: removing one image never removes the
  // files of another that happens to have the same content.
  const storageKey = `${hash.slice(0, 16)}${randomBytes(4).toString("hex")}`;
  // sharp writes no metadata unless asked to, and converts to sRGB; failOn "error"
  // turns a truncated file into a refusal instead of a grey half-picture.
  const decode = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();

  try {
    const variants: ProcessedFile[] = [];
    for (const variantWidth of variantWidths(width)) {
      const { data, info } = await decode()
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        key: `${storageKey}-${variantWidth}.webp`,
        body: data,
        contentType: "image/webp",
        width: info.width,
        height: info.height,
      });
    }
    const { data, info } = await decode()
      .resize({ ...PREVIEW_SIZE, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const preview: ProcessedFile = {
      key: `${storageKey}-preview.jpg`,
      body: data,
      contentType: "image/jpeg",
      width: info.width,
      height: info.height,
    };
    return { storageKey, width, height, variants, preview, byteSize: input.length };
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw refuse(damaged());
  }
}
