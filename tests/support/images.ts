import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import S3rver from "s3rver";
import { createDiskStore } from "#server/storage/disk-store";
import { IMAGE_UPLOAD_PATH } from "~/lib/images";
import { postMultipart } from "./accounts";
import type { TestSite } from "./http-app";

/** A disk store in a fresh temporary folder, and a way to list what it holds. */
export async function temporaryDiskStore() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "rcl-test-uploads-"));
  return {
    dir,
    files: createDiskStore(dir),
    /** The stored files' names (none before the first upload). */
    list: async () => (await readdir(dir).catch(() => [] as string[])).sort(),
  };
}

/** Pixels with detail, so a JPEG of them is large enough to cut short meaningfully. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/**
 * A camera photo: stored 1600 wide and 3000 high with orientation 6 (shown turned a
 * quarter clockwise, so 3000 × 1600), a blue top half and a red bottom half as stored,
 * and EXIF with a camera name and a GPS position.
 */
export async function cameraJpeg(): Promise<Buffer> {
  const blueTop = await sharp({
    create: { width: 1600, height: 1500, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 3000, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blueTop, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "RowCam", Model: "Test 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "55/1 40/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "12/1 34/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const smallPng = () =>
  sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const mediumWebp = () => noise(700, 500).webp().toBuffer();

/** A real JPEG cut off after 60% of its bytes: the header is intact, the pixels are not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noise(1200, 900).jpeg({ quality: 95 }).toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A HEIF file (AV1 inside, the only kind sharp can write), standing in for an iPhone photo. */
export const heifImage = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
    .heif({ compression: "av1" })
    .toBuffer();

/** A Windows program's first bytes, as a file renamed to .jpg carries them. */
export const renamedExe = () =>
  Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(4096, 0x41)]);

export const svgWithScript = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
  );

/**
 * A valid 20,000 × 20,000 PNG (black and white, one bit a pixel) in a few dozen kB: a
 * decompression bomb for anything that decodes it whole. Written byte by byte, as making
 * it with sharp would take the time and memory the site must refuse to spend.
 */
export function hugePng(size = 20_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Posts an image to the upload endpoint as a browser's upload field does. */
export function postImage(
  site: TestSite,
  {
    cookie,
    partnerId,
    file,
    name = "photo.jpg",
    type = "image/jpeg",
  }: { cookie?: string; partnerId: string; file: Buffer; name?: string; type?: string },
) {
  return postMultipart(site, IMAGE_UPLOAD_PATH, { partnerId }, { file: imageFile(file, name, type) }, cookie);
}

/** Bytes as the File a browser's file input gives. */
export const imageFile = (bytes: Buffer, name = "photo.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

/** An S3-compatible server on loopback with one empty bucket, for the S3 store's tests. */
export async function startS3Server(bucket = "rcl-test") {
  const directory = await mkdtemp(path.join(os.tmpdir(), "rcl-test-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed test credentials.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    },
    /** The objects the bucket holds, by key. */
    directory: path.join(directory, bucket),
    close: () => server.close(),
  };
}
