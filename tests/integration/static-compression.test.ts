import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientBuildDir } from "#server/paths";
import { createTestSite, type TestSite } from "../support/http-app";

// The client build's text files are compressed once by `npm run build`
// (scripts/compress-client.mjs) and sent as those copies.

const assetsDir = path.join(clientBuildDir, "assets");
/** The largest script (the framework's chunk), which surely has both copies. */
const entry = fs
  .readdirSync(assetsDir)
  .filter((file) => file.endsWith(".js"))
  .sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size)[0]!;
const original = fs.readFileSync(path.join(assetsDir, entry));

/** Every file under build/client, relative to it. */
const clientFiles = () =>
  (fs.readdirSync(clientBuildDir, { recursive: true }) as string[]).filter((file) =>
    fs.statSync(path.join(clientBuildDir, file)).isFile(),
  );

describe("the client build", () => {
  it("has a brotli and a gzip copy of each text file where it saves more than its header", () => {
    const files = clientFiles();
    const text = files.filter((file) => /\.(js|css|svg|json|txt|xml|html)$/.test(file));
    expect(text.length).toBeGreaterThan(10);
    let smallWithCopies = 0;
    for (const file of text) {
      const content = fs.readFileSync(path.join(clientBuildDir, file));
      const copies = { br: zlib.brotliDecompressSync, gz: zlib.gunzipSync };
      for (const [extension, decompress] of Object.entries(copies)) {
        const copyPath = path.join(clientBuildDir, `${file}.${extension}`);
        if (!fs.existsSync(copyPath)) {
          // Text over 1 kB always compresses by far more than 64 bytes.
          expect(content.length, `${file}.${extension}`).toBeLessThan(1024);
          continue;
        }
        const copy = fs.readFileSync(copyPath);
        expect(copy.length + 64, `${file}.${extension}`).toBeLessThanOrEqual(content.length);
        expect(decompress(copy).equals(content), `${file}.${extension}`).toBe(true);
        if (content.length < 1024) smallWithCopies += 1;
      }
    }
    // Pages load many chunks of a few hundred bytes; they are sent compressed too.
    expect(smallWithCopies).toBeGreaterThan(10);
    const images = files.filter((file) => /\.(png|jpe?g|webp|avif|ico|woff2?)$/.test(file));
    for (const image of images) expect(files, image).not.toContain(`${image}.br`);
  });

  it("writes the larger files' gzip copies with Zopfli, smaller than zlib's best", () => {
    const gz = fs.readFileSync(path.join(assetsDir, `${entry}.gz`));
    expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    const zlibBest = zlib.gzipSync(original, { level: zlib.constants.Z_BEST_COMPRESSION });
    expect(gz.length).toBeLessThan(zlibBest.length * 0.98);
  });
});

describe("static files, sent compressed from their build-time copies", () => {
  let site: TestSite;
  const url = `/assets/${entry}`;

  beforeAll(async () => {
    site = await createTestSite({ seed: false, clientDir: clientBuildDir });
  });
  afterAll(() => site.close());

  const get = (acceptEncoding: string | undefined, method = "GET") =>
    site.request(url, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

  it("sends the .br copy to a browser that accepts brotli", async () => {
    const response = await get("gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(body.length).toBe(fs.statSync(path.join(assetsDir, `${entry}.br`)).size);
    // Compressed once, not again by the compress middleware: one decompression gives the file.
    expect(zlib.brotliDecompressSync(body).equals(original)).toBe(true);
  });

  it("sends the .gz copy to a client without brotli", async () => {
    const response = await get("gzip");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(zlib.gunzipSync(body).equals(original)).toBe(true);
  });

  it("sends the file itself to a client that accepts neither", async () => {
    for (const acceptEncoding of [undefined, "identity"]) {
      const response = await get(acceptEncoding);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("content-length")).toBe(String(original.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    }
  });

  it("answers HEAD with the headers GET would send and no body", async () => {
    const response = await get("br, gzip", "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-length")).toBe(
      String(fs.statSync(path.join(assetsDir, `${entry}.br`)).size),
    );
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves the public files compressed too, with their own cache time", async () => {
    const response = await site.request("/favicon.svg", { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const svg = fs.readFileSync(path.join(clientBuildDir, "favicon.svg"));
    const body = Buffer.from(await response.arrayBuffer());
    const copied = fs.existsSync(path.join(clientBuildDir, "favicon.svg.br"));
    expect(response.headers.get("content-encoding")).toBe(copied ? "br" : null);
    expect(copied ? zlib.brotliDecompressSync(body) : body).toEqual(svg);
  });

  it("passes a path with no file on disk to the site's own routes", async () => {
    const robots = await site.request("/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain("Sitemap:");
    const sitemap = await site.request("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toMatch(/xml/);
    expect((await site.request("/assets/no-such-file.js")).status).toBe(404);
  });
});
