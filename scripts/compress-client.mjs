// Part of `npm run build`: writes a brotli (.br, best quality) and a gzip (.gz, level 9)
// copy beside each text file of build/client, once, so the server sends them as files
// instead of compressing the same bytes for every request (docs/decisions/026-every-core.md).
// Images and fonts are compressed already; files under 1 kB gain less than the header costs.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;
/** The same floor as the server's own compression (hono/compress). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
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
  if (content.length < MIN_BYTES) return { original: 0, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is no smaller would only cost a header.
  if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
  return { original: content.length, br: br.length, gz: gz.length };
}

const files = await compressibleFiles(clientDir);
const sizes = await Promise.all(files.map(compressFile));
const total = sizes.reduce(
  (sum, size) => ({ original: sum.original + size.original, br: sum.br + size.br, gz: sum.gz + size.gz }),
  { original: 0, br: 0, gz: 0 },
);
const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;
console.log(
  `Compressed ${sizes.filter((size) => size.original > 0).length} client files once: ` +
    `${kB(total.original)} → ${kB(total.br)} brotli, ${kB(total.gz)} gzip.`,
);
