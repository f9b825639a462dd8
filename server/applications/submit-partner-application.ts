import type { PartnerApplicationInput } from "~/lib/forms/partner-application-schema";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import type { Database } from "#server/db/client";
import { partnerApplications } from "#server/db/schema";
import type { Mailer } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { getSiteSettings } from "#server/settings/queries";

/** Stores an application as pending (admins review it) and tells the RCL team. */
export async function submitPartnerApplication(
  { db, mailer }: { db: Database; mailer: Mailer },
  input: PartnerApplicationInput,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(partnerApplications)
    .values({ ...input, status: "pending" })
    .returning({ id: partnerApplications.id });
  if (!row) throw new Error("The partner application was not stored.");
  const settings = await getSiteSettings(db);
  if (settings) {
    await mailer.send({
      to: settings.contactEmail,
      replyTo: input.email,
      subject: `Partner application: ${input.organizationName}`,
      ...renderEmail({
        heading: "A new partner application is waiting for review",
        paragraphs: [input.description, input.message],
        details: [
          ["Organisation", input.organizationName],
          ["Type", ORGANIZATION_TYPES[input.organizationType]],
          ["Location", input.location],
          ["Website", input.website ?? "(none)"],
          ["Contact", input.contactName],
          ["Email", input.email],
          ["Phone", input.phone ?? "(none)"],
        ],
      }),
    });
  }
  return row;
}
