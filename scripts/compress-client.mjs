// Part of `npm run build`: writes a brotli (.br, best quality) and a gzip (.gz, Zopfli or level 9)
// copy beside each text file of build/client, once, so the server sends them as files
// instead of compressing the same bytes for every request (docs/decisions/026-every-core.md).
// Zopfli writes ordinary gzip that every browser reads, 3–4 % smaller than zlib's level 9,
// at a cost only the build pays (ADR 027). Images and fonts are compressed already.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";

// The check-in page's scanner (zxing's wasm) is 1.1 MB, 449 KiB as gzip (ADR 038).
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest|wasm)$/i;
/**
 * A copy must save more than the `Content-Encoding` header it adds. Small files count too:
 * a page loads many chunks of a few hundred bytes, and each compresses by a third or more.
 */
const MIN_SAVING_BYTES = 64;
/**
 * Zopfli for the larger files, where its few percent are worth most (the framework saves
 * 3.5 kB); below this it gains a few bytes a file at a tenth of a second each.
 */
const ZOPFLI_FROM_BYTES = 16 * 1024;

const gzip = promisify(zlib.gzip);

const brotli = promisify(zlib.brotliCompress);
const clientDir = path.resolve(import.meta.dirname, "../build/client");

/** Every file under `dir` whose name is compressible, recursively. */
async function compressibleFiles(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressFile(file) {
  const content = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    content.length >= ZOPFLI_FROM_BYTES
      ? zopfliGzip(content, { numiterations: 5 })
      : gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const saves = (copy) => copy.length + MIN_SAVING_BYTES <= content.length;
  if (saves(br)) await fs.writeFile(`${file}.br`, br);
  if (saves(gz)) await fs.writeFile(`${file}.gz`, gz);
  // Totals count what is sent: the copy where one is kept, else the file itself.
  return {
    copied: saves(br) || saves(gz),
    original: content.length,
    br: saves(br) ? br.length : content.length,
    gz: saves(gz) ? gz.length : content.length,
  };
}

const files = await compressibleFiles(clientDir);
const sizes = await Promise.all(files.map(compressFile));
const total = sizes.reduce(
  (sum, size) => ({ original: sum.original + size.original, br: sum.br + size.br, gz: sum.gz + size.gz }),
  { original: 0, br: 0, gz: 0 },
);
const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;
console.log(
  `Compressed ${sizes.filter((size) => size.copied).length} client files once: ` +
    `${kB(total.original)} → ${kB(total.br)} brotli, ${kB(total.gz)} gzip.`,
);
