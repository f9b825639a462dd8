import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientBuildDir } from "#server/paths";
import { createTestSite, type TestSite } from "../support/http-app";

// The client build's text files are compressed once by `npm run build`
// (scripts/compress-client.mjs) and sent as those copies.

const assetsDir = path.join(clientBuildDir, "assets");
/** The largest script (the framework's chunk): surely over the 1 kB below which no copy is made. */
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
  it("has a brotli and a gzip copy of each text file over 1 kB, and none of images or tiny files", () => {
    const files = clientFiles();
    const text = files.filter((file) => /\.(js|css|svg|json|txt|xml|html)$/.test(file));
    expect(text.length).toBeGreaterThan(10);
    for (const file of text) {
      const size = fs.statSync(path.join(clientBuildDir, file)).size;
      const copies = [files.includes(`${file}.br`), files.includes(`${file}.gz`)];
      expect(copies, file).toEqual(size >= 1024 ? [true, true] : [false, false]);
    }
    const images = files.filter((file) => /\.(png|jpe?g|webp|avif|ico|woff2?)$/.test(file));
    for (const image of images) expect(files, image).not.toContain(`${image}.br`);
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
    expect(svg.length >= 1024 ? zlib.brotliDecompressSync(body) : body).toEqual(svg);
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
