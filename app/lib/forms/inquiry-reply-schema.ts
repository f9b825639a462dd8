import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { formatCount, requiredText } from "./fields";

/** The longest reply a partner may send; long enough for a full offer with a programme. */
const INQUIRY_REPLY_MAX_LENGTH = 10_000;

/** A partner's answer to an inquiry, emailed to the visitor as plain text. */
export const inquiryReplySchema = z.object({
  reply: requiredText(m.valid_reply_required, INQUIRY_REPLY_MAX_LENGTH, 1, () =>
    m.valid_reply_too_long({ max: formatCount(INQUIRY_REPLY_MAX_LENGTH) }),
  ),
});
