import { z } from "zod";

/** Text fields: surrounding spaces are dropped and an empty optional field means "none". */
export const requiredText = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `Please keep this under ${max} characters`);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .transform((value) => value || null);
export const emailAddress = z
  .string()
  .trim()
  .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

export const contactSchema = z.object({
  name: requiredText("Please enter your name", 200),
  email: emailAddress,
  company: optionalText(200).optional().default(null),
  subject: requiredText("Please enter a subject", 200),
  message: z
    .string()
    .trim()
    .min(10, "Please write a message of at least 10 characters")
    .max(5000, "Please keep your message under 5000 characters"),
});
