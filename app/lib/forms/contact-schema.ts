import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { emailAddress, messageText, optionalText, requiredText } from "./fields";

export const contactSchema = z.object({
  name: requiredText(m.valid_name_required, 200),
  email: emailAddress(),
  company: optionalText(200),
  subject: requiredText(m.valid_subject_required, 200),
  message: messageText(),
});
