import * as z from "zod/mini";
import { requiredText } from "./fields";

/** The longest reply a partner may send; long enough for a full offer with a programme. */
const INQUIRY_REPLY_MAX_LENGTH = 10_000;

/** A partner's answer to an inquiry, emailed to the visitor as plain text. */
export const inquiryReplySchema = z.object({
  reply: requiredText(
    "Please write your reply",
    INQUIRY_REPLY_MAX_LENGTH,
    1,
    `Please keep your reply to ${INQUIRY_REPLY_MAX_LENGTH.toLocaleString("en-US")} characters or fewer`,
  ),
});
