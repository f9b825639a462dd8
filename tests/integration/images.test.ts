import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, images, type ImageRef } from "#server/db/schema";
import { attachImages } from "#server/images/attach-images";
import { releaseImages, unusedImageIds } from "#server/images/release-images";
import { pruneExpiredRows } from "#server/jobs/prune-expired-rows";
import { createS3Store } from "#server/storage/s3-store";
import { createAccount, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import {
  cameraJpeg,
  heifImage,
  hugePng,
  mediumWebp,
  postImage,
  renamedExe,
  smallPng,
  startS3Server,
  svgWithScript,
  temporaryDiskStore,
  truncatedJpeg,
} from "../support/images";
import { createTestPartner } from "../support/partners";

let site: TestSite;
let store: Awaited<ReturnType<typeof temporaryDiskStore>>;
let hostId: string;
let member: TestAccount;

beforeAll(async () => {
  store = await temporaryDiskStore();
  site = await createTestSite({ seed: false, files: store.files });
  hostId = (await createTestPartner(site.database.db, "Image Host Club")).id;
  member = await createAccount(site, { role: "partner", partnerId: hostId });
});

afterAll(async () => {
  await site?.close();
});

/** Uploads as the host's member and returns the ImageRef the endpoint answered. */
async function upload(file: Buffer): Promise<ImageRef> {
  const response = await postImage(site, { cookie: member.cookie, partnerId: hostId, file });
  expect(response.status).toBe(201);
  return (await response.json()) as ImageRef;
}

const keyOf = (src: string) => src.replace(/^\/uploads\//, "");

async function served(src: string) {
  const response = await site.request(src);
  expect(response.status).toBe(200);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

const imageRows = () => site.database.db.select().from(images);

describe("the image pipeline on real files", () => {
  it("turns a camera JPEG upright, strips its EXIF and GPS, and writes WebP variants and a preview", async () => {
    const original = await cameraJpeg();
    const originalMetadata = await sharp(original).metadata();
    expect(originalMetadata.orientation).toBe(6);
    expect(originalMetadata.exif?.includes("RowCam")).toBe(true);
    // The GPS IFD pointer (tag 0x8825, little-endian) and the latitude's 55/1.
    expect(originalMetadata.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(originalMetadata.exif?.includes(Buffer.from([55, 0, 0, 0, 1, 0, 0, 0]))).toBe(true);

    const image = await upload(original);

    expect(image.alt).toBe("");
    expect(image.variants?.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 171],
      [640, 341],
      [1280, 683],
    ]);
    expect(image).toMatchObject({ src: image.variants?.[2]?.src, width: 1280, height: 683 });
    for (const variant of image.variants ?? []) {
      expect(variant.src).toMatch(/^\/uploads\/[0-9a-f]{24}-\d+\.webp$/);
      const { body } = await served(variant.src);
      const metadata = await sharp(body).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(body.includes("RowCam")).toBe(false);
    }
    // Stored with its blue half on top; shown a quarter turn clockwise, blue is on the right.
    const { body: widest } = await served(image.src);
    const { data } = await sharp(widest)
      .resize(2, 1, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [leftRed, , leftBlue, rightRed, , rightBlue] = [...data];
    expect(leftRed).toBeGreaterThan(200);
    expect(leftBlue).toBeLessThan(60);
    expect(rightBlue).toBeGreaterThan(200);
    expect(rightRed).toBeLessThan(60);

    expect(image.previewSrc).toMatch(/^\/uploads\/[0-9a-f]{24}-preview\.jpg$/);
    const { body: preview } = await served(image.previewSrc ?? "");
    const previewMetadata = await sharp(preview).metadata();
    expect(previewMetadata).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(previewMetadata.exif).toBeUndefined();

    const [row] = await site.database.db
      .select()
      .from(images)
      .where(eq(images.id, image.imageId ?? ""));
    expect(row).toMatchObject({ partnerId: hostId, uploadedBy: member.id, width: 3000, height: 1600 });
    expect(row?.attachedAt).toBeNull();
    expect(row?.byteSize).toBe(original.length);
    expect(await store.list()).toEqual(expect.arrayContaining(row?.fileKeys ?? ["none"]));
    const [audit] = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "image.upload"), eq(auditLog.entityId, image.imageId ?? "")));
    expect(audit).toMatchObject({ actorUserId: member.id, partnerId: hostId, entityType: "image" });
  });

  it("keeps a small PNG at its own width (one variant, never enlarged) and reads WebP", async () => {
    const png = await upload(await smallPng());
    expect(png.variants).toEqual([{ src: png.src, width: 200, height: 100 }]);
    expect(png).toMatchObject({ width: 200, height: 100 });

    const webp = await upload(await mediumWebp());
    expect(webp.variants?.map((variant) => variant.width)).toEqual([320, 640]);
    expect(webp).toMatchObject({ width: 640, height: 457 });
  });

  it("serves stored files with a year-long immutable cache, and 404 for anything else", async () => {
    const image = await upload(await smallPng());
    const { response } = await served(image.src);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const preview = await site.request(image.previewSrc ?? "");
    expect(preview.headers.get("content-type")).toBe("image/jpeg");

    for (const path of [
      "/uploads/0123456789abcdef01234567-640.webp",
      "/uploads/..%2F..%2Fpackage.json",
      "/uploads/%2e%2e%2fpackage.json",
      "/uploads/.hidden.webp",
      "/uploads/",
    ]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("files the site refuses", () => {
  it.each([
    ["a program renamed to .jpg", renamedExe, 400, /not an image we accept/],
    ["an SVG with a script", svgWithScript, 400, /not an image we accept/],
    ["a truncated JPEG", truncatedJpeg, 400, /damaged or incomplete/],
    ["a 20,000 × 20,000 px image", async () => hugePng(), 400, /too many pixels/],
    ["a HEIC/HEIF photo", heifImage, 400, /HEIC photos cannot be read/],
    ["a 30 MB file", async () => Buffer.alloc(30 * 1024 * 1024, 0xff), 413, /larger than 10 MB/],
    [
      "a file just over 10 MB",
      async () => Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
      413,
      /larger than 10 MB/,
    ],
  ])("refuses %s with a message on the file field, storing nothing", async (_name, make, status, message) => {
    const rowsBefore = await imageRows();
    const filesBefore = await store.list();

    const response = await postImage(site, { cookie: member.cookie, partnerId: hostId, file: await make() });

    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(message);
    expect(body.fields.file).toBe(body.error);
    expect(await imageRows()).toEqual(rowsBefore);
    expect(await store.list()).toEqual(filesBefore);
    expect((await site.request("/healthz")).status).toBe(200);
  });

  it("refuses an SVG logo as the wrong kind of file, naming the kinds it takes", async () => {
    const svgLogos = [
      // The sample content's own logo, as a partner might download and upload it.
      await readFile(
        fileURLToPath(
          new URL("../../public/images/partners/copenhagen-harbour-rowing-club-logo.svg", import.meta.url),
        ),
      ),
      // A drawing program's export with no size of its own, which no image library can measure.
      Buffer.from(
        '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: a drawing program -->\n<svg xmlns="http://www.w3.org/2000/svg"><circle cx="50" cy="50" r="40" fill="#0f2742"/></svg>\n',
      ),
    ];
    for (const file of svgLogos) {
      const rowsBefore = await imageRows();
      const response = await postImage(site, {
        cookie: member.cookie,
        partnerId: hostId,
        file,
        name: "logo.svg",
        type: "image/svg+xml",
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe(
        "This SVG file is not an image we accept. Please save it as PNG, or choose a JPEG, PNG or WebP file.",
      );
      expect(body.fields.file).toBe(body.error);
      expect(await imageRows()).toEqual(rowsBefore);
    }
  });

  it("refuses a body declared larger than the limit before reading it", async () => {
    // A body that would never end: the answer must come from the Content-Length alone.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const response = await site.request("/dashboard/partner/images", {
      method: "POST",
      headers: {
        Origin: "https://rcl.test",
        Cookie: member.cookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(50 * 1024 * 1024),
      },
      body: endless,
      // @ts-expect-error Node's fetch needs this for a streamed body; the DOM types lack it.
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      fields: { file: expect.stringMatching(/larger than 10 MB/) },
    });
  });

  it("asks for a file when none was sent", async () => {
    const form = new FormData();
    form.set("partnerId", hostId);
    const response = await site.request("/dashboard/partner/images", {
      method: "POST",
      headers: { Origin: "https://rcl.test", Cookie: member.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { file: "Choose an image to upload." } });
  });
});

describe("uploads from another site", () => {
  it("refuses an upload from another site's page", async () => {
    const form = new FormData();
    form.set("partnerId", hostId);
    form.set("file", new File([new Uint8Array(await smallPng())], "a.png"));
    const response = await site.request("/dashboard/partner/images", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: member.cookie },
      body: form,
    });
    expect(response.status).toBe(403);
  });
});

describe("attaching and releasing images in a save", () => {
  it("rebuilds each ref from its row, keeping only the form's alt text, and marks it attached", async () => {
    const image = await upload(await mediumWebp());
    const refs = await site.database.db.transaction((tx) =>
      attachImages(tx, {
        partnerId: hostId,
        submitted: [{ imageId: image.imageId, src: "https://evil.example/x.png", alt: "Our boathouse" }],
      }),
    );
    expect(refs).toEqual([{ ...image, alt: "Our boathouse" }]);
    const [row] = await site.database.db
      .select()
      .from(images)
      .where(eq(images.id, image.imageId ?? ""));
    expect(row?.attachedAt).toBeInstanceOf(Date);
  });

  it("keeps a sample image only if the partner already shows it", async () => {
    const sample: ImageRef = { src: "/images/partners/logo.svg", alt: "Old", width: 200, height: 200 };
    const refs = await attachImages(site.database.db, {
      partnerId: hostId,
      submitted: [{ src: sample.src, alt: "New alt" }],
      current: [sample],
    });
    expect(refs).toEqual([{ ...sample, alt: "New alt" }]);
    await expect(
      attachImages(site.database.db, { partnerId: hostId, submitted: [{ src: "/elsewhere.png", alt: "x" }] }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("releases replaced images: rows and audit at once, files by the job", async () => {
    const kept = await upload(await smallPng());
    const replaced = await upload(await smallPng());
    const ids = unusedImageIds([kept, replaced, null], [kept]);
    expect(ids).toEqual([replaced.imageId]);
    const [row] = await site.database.db
      .select()
      .from(images)
      .where(eq(images.id, replaced.imageId ?? ""));
    const actor = { userId: member.id, role: "partner" as const, partnerIds: [hostId] };

    const released = await site.database.db.transaction((tx) =>
      releaseImages({ tx, jobs: site.jobs }, { actor, partnerId: hostId, imageIds: ids }),
    );

    expect(released).toBe(1);
    expect(
      await site.database.db
        .select()
        .from(images)
        .where(eq(images.id, replaced.imageId ?? "")),
    ).toEqual([]);
    const audits = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "image.delete"), eq(auditLog.entityId, replaced.imageId ?? "")));
    expect(audits).toHaveLength(1);
    // The files stay until the job runs, after the save committed.
    expect(await store.list()).toEqual(expect.arrayContaining(row?.fileKeys ?? []));
    await site.runDueJobs();
    const left = await store.list();
    for (const key of row?.fileKeys ?? []) expect(left).not.toContain(key);
    expect((await site.request(replaced.src)).status).toBe(404);
    expect((await site.request(kept.src)).status).toBe(200);
  });

  it("prunes uploads never attached after a day, with their files", async () => {
    const abandoned = await upload(await smallPng());
    const attached = await upload(await smallPng());
    await attachImages(site.database.db, {
      partnerId: hostId,
      submitted: [{ imageId: attached.imageId, alt: "a" }],
    });
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);

    const pruned = await pruneExpiredRows({ db: site.database.db, jobs: site.jobs }, tomorrow);
    await site.runDueJobs();

    expect(pruned.images).toBeGreaterThanOrEqual(1);
    const ids = (await imageRows()).map((row) => row.id);
    expect(ids).not.toContain(abandoned.imageId);
    expect(ids).toContain(attached.imageId);
    expect((await site.request(abandoned.src)).status).toBe(404);
    expect((await site.request(attached.src)).status).toBe(200);
  });
});

describe("the S3 store against an S3-compatible server on loopback", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let s3Site: TestSite;

  beforeAll(async () => {
    s3 = await startS3Server();
    s3Site = await createTestSite({ seed: false, files: createS3Store(s3.config) });
  });

  afterAll(async () => {
    await s3Site?.close();
    await s3?.close();
  });

  it("puts, reads back and deletes a file", async () => {
    const files = createS3Store(s3.config);
    await files.put("0123456789abcdef-320.webp", Buffer.from("stored bytes"), "image/webp");
    const stored = await files.get("0123456789abcdef-320.webp");
    expect(stored?.size).toBe(12);
    expect(await new Response(stored?.body).text()).toBe("stored bytes");
    expect(await files.get("fedcba9876543210-320.webp")).toBeNull();
    await files.delete(["0123456789abcdef-320.webp", "fedcba9876543210-320.webp"]);
    expect(await files.get("0123456789abcdef-320.webp")).toBeNull();
  });

  it("takes a whole upload, serves it, and deletes it when the image is released", async () => {
    const partnerId = (await createTestPartner(s3Site.database.db, "S3 Club")).id;
    const account = await createAccount(s3Site, { role: "partner", partnerId });
    const response = await postImage(s3Site, { cookie: account.cookie, partnerId, file: await cameraJpeg() });
    expect(response.status).toBe(201);
    const image = (await response.json()) as ImageRef;

    const servedFile = await s3Site.request(image.src);
    expect(servedFile.status).toBe(200);
    expect(servedFile.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await servedFile.arrayBuffer())).metadata()).width).toBe(1280);
    const files = createS3Store(s3.config);
    expect(await files.get(keyOf(image.previewSrc ?? ""))).not.toBeNull();

    const actor = { userId: account.id, role: "partner" as const, partnerIds: [partnerId] };
    await s3Site.database.db.transaction((tx) =>
      releaseImages({ tx, jobs: s3Site.jobs }, { actor, partnerId, imageIds: [image.imageId ?? ""] }),
    );
    await s3Site.runDueJobs();
    for (const variant of image.variants ?? []) expect(await files.get(keyOf(variant.src))).toBeNull();
    expect((await s3Site.request(image.src)).status).toBe(404);
  });
});
