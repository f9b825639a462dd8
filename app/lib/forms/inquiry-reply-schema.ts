import * as z from "zod/mini";
import { trimmed } from "./fields";

/** The longest reply a partner may send; long enough for a full offer with a programme. */
const INQUIRY_REPLY_MAX_LENGTH = 10_000;

/** A partner's answer to an inquiry, emailed to the visitor as plain text. */
export const inquiryReplySchema = z.object({
  reply: z.pipe(
    trimmed,
    z
      .string()
      .check(
        z.minLength(1, "Please write your reply"),
        z.maxLength(
          INQUIRY_REPLY_MAX_LENGTH,
          `Please keep your reply to ${INQUIRY_REPLY_MAX_LENGTH.toLocaleString("en-US")} characters or fewer`,
        ),
      ),
  ),
});
