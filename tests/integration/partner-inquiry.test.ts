import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, outboxEmails, partners } from "#server/db/schema";
import { postForm } from "../support/accounts";
import { followToast } from "../support/toast";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;
let frankfurtId: string;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  const [row] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.slug, "frankfurter-rg-germania"));
  frankfurtId = row!.id;
});

afterAll(async () => {
  await site?.close();
});

const inquiry = {
  name: "Lars Holm",
  email: "lars@nordhavn.example",
  company: "Nordhavn Analytics",
  message: "Could you host a regatta for 30 people in September?",
  preferredDate: "2027-09-14",
  groupSize: "30",
};

async function storedFor(partnerId: string) {
  const [row] = await site.database.db
    .select({ n: count() })
    .from(inquiries)
    .where(eq(inquiries.partnerId, partnerId));
  return row?.n ?? 0;
}

describe("partner inquiries", () => {
  it("are reached from 'Contact' and 'Inquire About Events' on the profile", async () => {
    const body = await (await site.request("/partners/frankfurter-rg-germania")).text();
    expect(body.match(/href="\/partners\/frankfurter-rg-germania\/inquire"/g)?.length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("show a labelled form, and 404 for an unknown partner", async () => {
    const page = await site.request("/partners/frankfurter-rg-germania/inquire");
    expect(page.status).toBe(200);
    const body = await page.text();
    for (const label of ["Name", "Email", "Company", "Preferred date", "Group size", "Message"]) {
      expect(body).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}`));
    }
    expect((await site.request("/partners/no-such-club/inquire")).status).toBe(404);
    expect((await postForm(site, "/partners/no-such-club/inquire", inquiry)).status).toBe(404);
  });

  it("are stored for the partner and mailed to the partner's address", async () => {
    const before = await storedFor(frankfurtId);
    const response = await postForm(site, "/partners/frankfurter-rg-germania/inquire", inquiry);
    expect(response.headers.get("location")).toBe("/partners/frankfurter-rg-germania/inquire");
    const { html } = await followToast(site, response);
    expect(html).toContain("Your inquiry has been sent to the partner");
    expect(await storedFor(frankfurtId)).toBe(before + 1);
    const [row] = await site.database.db
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.partnerId, frankfurtId), eq(inquiries.email, "lars@nordhavn.example")));
    expect(row).toMatchObject({ groupSize: 30, preferredDate: "2027-09-14", company: "Nordhavn Analytics" });
    await site.runDueJobs();
    const [mail] = await site.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, "New inquiry through Rethink Corporate Life: Lars Holm"));
    expect(mail?.to).toBe("events@frg-germania.de");
    expect(mail?.text).toContain("Could you host a regatta");
    expect(mail?.text).toContain(
      "You get this mail because this is the contact address of Frankfurter RG Germania on Rethink Corporate Life.",
    );
  });

  it.each([
    ["email", { email: "lars@" }, "Please enter a valid email address"],
    ["message", { message: "Hi" }, "Please write a message of at least 10 characters"],
    ["groupSize", { groupSize: "0" }, "Please enter a group size between 1 and 10,000"],
    ["preferredDate", { preferredDate: "next week" }, "Please choose a date"],
    ["preferredDate", { preferredDate: "2027-02-30" }, "Please choose a date"],
  ])("reject a bad %s with 400, its message and the typed values", async (_field, change, message) => {
    const before = await storedFor(frankfurtId);
    const response = await postForm(site, "/partners/frankfurter-rg-germania/inquire", {
      ...inquiry,
      ...change,
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(message);
    expect(body).toContain('value="Nordhavn Analytics"');
    expect(await storedFor(frankfurtId)).toBe(before);
  });

  it("store nothing when the honeypot is filled", async () => {
    const before = await storedFor(frankfurtId);
    const response = await postForm(site, "/partners/frankfurter-rg-germania/inquire", {
      ...inquiry,
      website: "http://spam.example",
    });
    expect(response.status).toBe(303);
    expect(await storedFor(frankfurtId)).toBe(before);
  });
});
