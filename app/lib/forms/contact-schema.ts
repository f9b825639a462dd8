import * as z from "zod/mini";
import { emailAddress, messageText, optionalText, requiredText } from "./fields";

export const contactSchema = z.object({
  name: requiredText("Please enter your name", 200),
  email: emailAddress(),
  company: optionalText(200),
  subject: requiredText("Please enter a subject", 200),
  message: messageText(),
});
