import { z } from "zod";
import { emailAddress, optionalText, requiredText } from "./contact-schema";

/** An inquiry to one partner from its profile page ('Contact' and 'Inquire About Events'). */
export const partnerInquirySchema = z.object({
  name: requiredText("Please enter your name", 200),
  email: emailAddress,
  company: optionalText(200).optional().default(null),
  message: z
    .string()
    .trim()
    .min(10, "Please write a message of at least 10 characters")
    .max(5000, "Please keep your message under 5000 characters"),
  preferredDate: z
    .string()
    .trim()
    // A real calendar day in the date field's format, so 2027-02-30 is refused too.
    .refine((value) => value === "" || z.iso.date().safeParse(value).success, {
      message: "Please choose a date",
    })
    .transform((value) => value || null)
    .optional()
    .default(null),
  groupSize: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000),
      {
        message: "Please enter a group size between 1 and 10,000",
      },
    )
    .transform((value) => (value ? Number(value) : null))
    .optional()
    .default(null),
});
