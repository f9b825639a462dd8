import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { emailAddress, formatCount, messageText, optionalText, requiredText, says, trimmed } from "./fields";

const isoDate = z.iso.date();

/** An inquiry to one partner from its profile page ('Contact' and 'Inquire About Events'). */
export const partnerInquirySchema = z.object({
  name: requiredText(m.valid_name_required, 200),
  email: emailAddress(),
  company: optionalText(200),
  message: messageText(),
  preferredDate: z.pipe(
    trimmed,
    z.pipe(
      // A real calendar day in the date field's format, so 2027-02-30 is refused too.
      z
        .string()
        .check(
          z.refine(
            (value) => value === "" || z.safeParse(isoDate, value).success,
            says(m.valid_date_required),
          ),
        ),
      z.transform((value) => value || null),
    ),
  ),
  groupSize: z.pipe(
    trimmed,
    z.pipe(
      z.string().check(
        z.refine(
          (value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000),
          says(() => m.valid_group_size_range({ max: formatCount(10_000) })),
        ),
      ),
      z.transform((value) => (value ? Number(value) : null)),
    ),
  ),
});
