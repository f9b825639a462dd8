import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePartners, sampleEvents } from "#server/db/seed/sample-content";
import { clientBuildDir } from "#server/paths";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

// What a phone's home screen and a link preview (LinkedIn, Slack, Facebook) read of the
// site: the web manifest and its icons, and each sample page's preview JPEG. The client
// build's files are served as in production.

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ clientDir: clientBuildDir });
});
afterAll(() => site.close());

/** A served image's format and size, read from its bytes. */
async function servedImage(path: string) {
  const response = await site.request(path);
  expect(response.status, path).toBe(200);
  const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format, width, height, contentType: response.headers.get("content-type") };
}

/** The content of a page's <meta> with this property or name. */
function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replaceAll("&amp;", "&");
}

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

describe("the web manifest", () => {
  let manifest: Manifest;

  beforeAll(async () => {
    const response = await site.request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    manifest = JSON.parse(await response.text()) as Manifest;
  });

  it("names the site, where it starts and how it shows, in the site's colours", () => {
    expect(manifest).toMatchObject({
      name: "Rethink Corporate Life",
      short_name: "RCL",
      start_url: "/",
      display: "standalone",
      // navy-900 and white, as in app/app.css.
      theme_color: "#0f2742",
      background_color: "#ffffff",
    });
  });

  it("names icons of 192 and 512 px and a maskable one, each served as a PNG of its size", async () => {
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      const served = await servedImage(icon.src);
      expect(served).toMatchObject({ format: "png", contentType: "image/png" });
      expect(`${served.width}x${served.height}`, icon.src).toBe(icon.sizes);
    }
  });

  it("is the same whatever the query string, and is not found under another name", async () => {
    const odd = await site.request("/manifest.webmanifest?id=no-such-id&lang=xx");
    expect(odd.status).toBe(200);
    expect(JSON.parse(await odd.text())).toEqual(manifest);
    for (const path of ["/manifest.webmanifest/extra", "/manifest.json", "/icons/icon-1024.png"]) {
      expect((await site.request(path)).status, path).toBe(404);
    }
  });
});

describe("every page's head", () => {
  it("links the manifest and the apple-touch-icon, and sets the theme colour", async () => {
    for (const path of ["/", "/events/riverside-team-racing", "/login"]) {
      const html = await (await site.request(path)).text();
      // Pages rendered for one request carry the CSP nonce on their links.
      expect(html, path).toMatch(/<link (nonce="[^"]+" )?rel="manifest" href="\/manifest.webmanifest"\/>/);
      expect(html, path).toMatch(
        /<link (nonce="[^"]+" )?rel="apple-touch-icon" href="\/apple-touch-icon.png" sizes="180x180"\/>/,
      );
      expect(metaContent(html, "theme-color"), path).toBe("#0f2742");
    }
    expect(await servedImage("/apple-touch-icon.png")).toMatchObject({
      format: "png",
      width: 180,
      height: 180,
    });
  });
});

describe("link previews of the sample content", () => {
  const pages = [
    ...sampleEvents.map((event) => `/events/${event.slug}`),
    ...samplePartners.map((partner) => `/partners/${partner.slug}`),
  ];

  it.each(pages)("%s shows a 1200 × 630 JPEG, served, with its size and type", async (path) => {
    const response = await site.request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const image = metaContent(html, "og:image");
    expect(image).toMatch(new RegExp(`^${TEST_BASE_URL}/images/.+-preview\\.jpg$`));
    expect(metaContent(html, "twitter:image")).toBe(image);
    expect(metaContent(html, "og:image:type")).toBe("image/jpeg");
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(await servedImage(image!.slice(TEST_BASE_URL.length))).toEqual({
      format: "jpeg",
      width: 1200,
      height: 630,
      contentType: "image/jpeg",
    });
  });

  it("answers 404 for a preview that does not exist, whatever its name", async () => {
    for (const path of [
      "/images/events/no-such-event-preview.jpg",
      "/images/partners/..%2F..%2Fpackage.json",
    ]) {
      expect((await site.request(path)).status, path).toBe(404);
    }
    // A NUL byte is refused by the host before any file or query is looked up.
    expect((await site.request("/images/events/%00-preview.jpg")).status).toBe(400);
  });
});
