import { m } from "~/paraglide/messages";

/**
 * The line above a mail's footer that says why the recipient gets it, in the language
 * of the mail being built (see `mailIn` in ./templates).
 */
export const why = {
  account: () => m.mail_why_account(),
  booking: (teamName: string, eventTitle: string) => m.mail_why_booking({ teamName, eventTitle }),
  partnerMember: () => m.mail_why_partner_member(),
  partnerAddress: (partnerName: string) => m.mail_why_partner_address({ partnerName }),
  admin: () => m.mail_why_admin(),
  inbox: () => m.mail_why_inbox(),
  inquiry: () => m.mail_why_inquiry(),
  application: () => m.mail_why_application(),
  rowerSeat: (teamName: string, eventTitle: string) => m.mail_why_rower_seat({ teamName, eventTitle }),
  participantMessage: (eventTitle: string) => m.mail_why_participant_message({ eventTitle }),
};
