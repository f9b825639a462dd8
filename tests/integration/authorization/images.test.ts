import { eq } from "drizzle-orm";
import { beforeAll, describe, expect } from "vitest";
import { auditLog, images, type ImageRef } from "#server/db/schema";
import { IMAGE_UPLOAD_PATH } from "~/lib/images";
import { imageFile, smallPng } from "../../support/images";
import {
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

const cast = castForThisFile();

let png: Buffer;
beforeAll(async () => {
  png = await smallPng();
});

// ── The upload, as the upload field sends it ───────────────────────────────────────

const uploadRequest = (partnerId: string) => ({
  path: IMAGE_UPLOAD_PATH,
  form: { partnerId },
  files: { file: imageFile(png, "logo.png", "image/png") },
});

// ── Rows ───────────────────────────────────────────────────────────────────────────

type UploadTarget = Target & { partnerId: string };

/** The host partner's images and audit rows: a refused upload adds to neither. */
async function partnerImages(theCast: Cast, target: UploadTarget) {
  const db = theCast.site.database.db;
  return {
    images: await db.select().from(images).where(eq(images.partnerId, target.partnerId)),
    audit: await db.select().from(auditLog).where(eq(auditLog.partnerId, target.partnerId)),
  };
}

// ── Cases ──────────────────────────────────────────────────────────────────────────

const uploadForHost: AuthorizationCase<UploadTarget, Awaited<ReturnType<typeof partnerImages>>> = {
  name: "upload an image for a partner",
  // The owner is the host partner's member: the partner's images are theirs.
  arrange: async (theCast) => ({ owner: theCast.accounts.partner, partnerId: theCast.hostPartnerId }),
  request: (target) => uploadRequest(target.partnerId),
  snapshot: partnerImages,
  expected: {
    owner: allowed(201),
    partner: allowed(201),
    "other partner": refused(404),
    user: refused(403),
    admin: allowed(201),
    "signed out": refused(401),
  },
  verify: async ({ cast: theCast, target, account, response, before }) => {
    const image = (await response.json()) as ImageRef;
    const after = await partnerImages(theCast, target);
    expect(after.images).toHaveLength(before.images.length + 1);
    const row = after.images.find((candidate) => candidate.id === image.imageId);
    expect(row).toMatchObject({ partnerId: target.partnerId, uploadedBy: account?.id });
    expect(after.audit.filter((entry) => entry.action === "image.upload")).toHaveLength(
      before.audit.filter((entry) => entry.action === "image.upload").length + 1,
    );
  },
};

describe("image uploads", () => {
  forEachActor(uploadForHost, cast);
});
