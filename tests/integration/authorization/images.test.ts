import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, images, partners, type ImageRef } from "#server/db/schema";
import { isAppError } from "#server/errors";
import { attachImages } from "#server/images/attach-images";
import { releaseImages } from "#server/images/release-images";
import { IMAGE_UPLOAD_PATH } from "~/lib/images";
import { postForm } from "../../support/accounts";
import { imageFile, mediumWebp, postImage, smallPng, temporaryDiskStore } from "../../support/images";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

// A partner's images are its own: uploaded by its members or an admin, and never attached
// to or released from another partner's profile.

let store: Awaited<ReturnType<typeof temporaryDiskStore>>;
// Uploads go to a folder the tests can list, so a refusal is seen to store no file either.
const cast = castForThisFile(async () => {
  store = await temporaryDiskStore();
  return { files: store.files };
});
const site = () => cast().site;
const db = () => site().database.db;

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

/** Uploads as `cookie`'s account for `partnerId` and returns the ImageRef the endpoint answered. */
async function upload(file: Buffer, partnerId: string, cookie: string): Promise<ImageRef> {
  const response = await postImage(site(), { cookie, partnerId, file });
  expect(response.status).toBe(201);
  return (await response.json()) as ImageRef;
}

const imageRows = () => db().select().from(images);

// ── Rows ───────────────────────────────────────────────────────────────────────────

type UploadTarget = Target & { partnerId: string };

/** The host partner's images and audit rows: a refused upload adds to neither. */
async function partnerImages(_cast: Cast, target: UploadTarget) {
  return {
    images: await db().select().from(images).where(eq(images.partnerId, target.partnerId)),
    audit: await db().select().from(auditLog).where(eq(auditLog.partnerId, target.partnerId)),
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

describe("who may upload for which partner", () => {
  it.each([
    [
      "a member of another partner",
      () => cast().accounts["other partner"].cookie,
      () => cast().hostPartnerId,
      404,
    ],
    ["a member, for an id that is no partner", () => cast().accounts.partner.cookie, () => "not-a-uuid", 404],
    ["a signed-in user", () => cast().accounts.user.cookie, () => cast().hostPartnerId, 403],
    ["a signed-out visitor", () => undefined, () => cast().hostPartnerId, 401],
  ])("refuses %s, storing nothing", async (_name, cookie, partnerId, status) => {
    const rowsBefore = await imageRows();
    const filesBefore = await store.list();
    const response = await postImage(site(), {
      cookie: cookie(),
      partnerId: partnerId(),
      file: await smallPng(),
    });
    expect(response.status).toBe(status);
    expect(await imageRows()).toEqual(rowsBefore);
    expect(await store.list()).toEqual(filesBefore);
  });

  it("lets an admin upload for any partner", async () => {
    const { accounts, otherPartnerId } = cast();
    const image = await upload(await smallPng(), otherPartnerId, accounts.admin.cookie);
    const [row] = await db()
      .select()
      .from(images)
      .where(eq(images.id, image.imageId ?? ""));
    expect(row?.partnerId).toBe(otherPartnerId);
  });
});

describe("another partner's image", () => {
  /** An image the other partner's member uploaded for their own partner. */
  const theirImage = async (file: Buffer) =>
    upload(file, cast().otherPartnerId, cast().accounts["other partner"].cookie);

  it("is not found when a save attaches it, and nothing is attached", async () => {
    const { accounts, hostPartnerId } = cast();
    const theirs = await theirImage(await smallPng());
    const ours = await upload(await smallPng(), hostPartnerId, accounts.partner.cookie);
    const error = await db()
      .transaction((tx) =>
        attachImages(tx, {
          partnerId: hostPartnerId,
          submitted: [
            { imageId: ours.imageId, alt: "ours" },
            { imageId: theirs.imageId, alt: "theirs" },
          ],
        }),
      )
      .catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("not_found");
    const rows = await imageRows();
    expect(rows.find((row) => row.id === ours.imageId)?.attachedAt).toBeNull();
    expect(rows.find((row) => row.id === theirs.imageId)?.attachedAt).toBeNull();
  });

  it("is left alone when a save asks to release it", async () => {
    const theirs = await theirImage(await smallPng());
    const released = await db().transaction((tx) =>
      releaseImages(
        { tx, jobs: site().jobs },
        {
          actor: actorOf(cast(), "partner"),
          partnerId: cast().hostPartnerId,
          imageIds: [theirs.imageId ?? ""],
        },
      ),
    );
    expect(released).toBe(0);
    await site().runDueJobs();
    expect((await site().request(theirs.src)).status).toBe(200);
  });

  it("answers the profile editor 404 and changes nothing", async () => {
    const { accounts, hostPartnerId } = cast();
    const foreign = await theirImage(await mediumWebp());
    const readHost = async () =>
      (await db().select().from(partners).where(eq(partners.id, hostPartnerId)))[0];
    const before = await readHost();
    const response = await postForm(
      site(),
      `/dashboard/partner/profile?partner=${hostPartnerId}`,
      {
        intent: "save",
        name: "Host Rowing Club",
        location: "Vejle",
        description: "Rowing on the fjord, with pictures.",
        "cover.imageId": foreign.imageId!,
        "cover.alt": "Not ours",
      },
      accounts.partner.cookie,
    );
    expect(response.status).toBe(404);
    expect(await readHost()).toEqual(before);
  });
});
