import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, partners, type ImageRef } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestSite, type TestSite } from "../support/http-app";
import { cameraJpeg, mediumWebp, postImage, temporaryDiskStore } from "../support/images";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";

let site: TestSite;
let store: Awaited<ReturnType<typeof temporaryDiskStore>>;
let clubId: string;
let member: TestAccount;

beforeAll(async () => {
  store = await temporaryDiskStore();
  site = await createTestSite({ trustProxy: true, files: store.files });
  clubId = (await createTestPartner(site.database.db, "Picture Rowing Club")).id;
  member = await createAccount(site, { role: "partner", partnerId: clubId });
});
afterAll(async () => {
  await site?.close();
});

async function upload(file: Buffer): Promise<ImageRef> {
  const response = await postImage(site, { cookie: member.cookie, partnerId: clubId, file });
  expect(response.status).toBe(201);
  return (await response.json()) as ImageRef;
}

const form = (fields: Record<string, string>) => ({
  intent: "save",
  name: "Picture Rowing Club",
  location: "Vejle",
  description: "Rowing on the fjord, with pictures.",
  ...fields,
});

const save = (fields: Record<string, string>, cookie = member.cookie) =>
  postForm(site, `/dashboard/partner/profile?partner=${clubId}`, form(fields), cookie);

const readClub = async () =>
  (await site.database.db.select().from(partners).where(eq(partners.id, clubId)))[0]!;

describe(`the profile's images on ${testDatabaseKind}`, () => {
  it("saves a logo, a cover and a gallery from uploads, with srcset on the public page", async () => {
    const logo = await upload(await cameraJpeg());
    const cover = await upload(await mediumWebp());
    const photo = await upload(await mediumWebp());
    const response = await save({
      "logo.imageId": logo.imageId!,
      "logo.alt": "The club's oar crest",
      "cover.imageId": cover.imageId!,
      "cover.alt": "Boats on the fjord at dawn",
      "gallery[0].imageId": photo.imageId!,
      "gallery[0].alt": "A crew of eight",
      // A forged address must not reach the page: the server rebuilds refs from its rows.
      "logo.src": "https://evil.example/x.png",
    });
    const { html } = await followToast(site, response, member.cookie);
    expect(html).toContain("Your partner profile has been saved.");
    const saved = await readClub();
    expect(saved.logo).toMatchObject({ imageId: logo.imageId, alt: "The club's oar crest", src: logo.src });
    expect(saved.logo?.variants?.length).toBeGreaterThan(0);
    expect(saved.cover?.alt).toBe("Boats on the fjord at dawn");
    expect(saved.gallery.map((ref) => ref.alt)).toEqual(["A crew of eight"]);
    const attached = await site.database.db.select().from(images).where(eq(images.partnerId, clubId));
    expect(attached.every((row) => row.attachedAt !== null)).toBe(true);

    const page = await (await site.request(`/partners/${saved.slug}`)).text();
    expect(page).toContain("Boats on the fjord at dawn");
    expect(page).toMatch(/srcSet="\/uploads\/[^"]+ 320w/);
    expect(page).not.toContain("evil.example");
  });

  it("asks for alt text next to the image and keeps the rest of the form", async () => {
    const logo = await upload(await mediumWebp());
    const response = await save({
      "logo.imageId": logo.imageId!,
      "logo.alt": "",
      address: "Havnen 4, Vejle",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please describe the image for people who cannot see it");
    expect(html).toContain("Havnen 4, Vejle");
  });

  it("removes a replaced image's row and, once the queue runs, its stored files", async () => {
    const first = await upload(await mediumWebp());
    await followToast(
      site,
      await save({ "cover.imageId": first.imageId!, "cover.alt": "First cover" }),
      member.cookie,
    );
    const [row] = await site.database.db.select().from(images).where(eq(images.id, first.imageId!));
    expect(await store.list()).toEqual(expect.arrayContaining(row!.fileKeys));

    const second = await upload(await mediumWebp());
    await followToast(
      site,
      await save({ "cover.imageId": second.imageId!, "cover.alt": "Second cover" }),
      member.cookie,
    );
    expect(await site.database.db.select().from(images).where(eq(images.id, first.imageId!))).toEqual([]);
    await site.runDueJobs();
    const left = await store.list();
    for (const key of row!.fileKeys) expect(left).not.toContain(key);
    expect((await readClub()).cover?.imageId).toBe(second.imageId);

    // Removing the cover (no fields sent) removes its image too.
    await followToast(site, await save({}), member.cookie);
    expect((await readClub()).cover).toBeNull();
    expect(await site.database.db.select().from(images).where(eq(images.id, second.imageId!))).toEqual([]);
  });
});
