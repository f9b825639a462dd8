/**
 * The line above a mail's footer that says why the recipient gets it. The words live here,
 * in one place, for the translation to come.
 */
export const why = {
  account: "You get this mail because an account on Rethink Corporate Life uses this address.",
  booking: (teamName: string, eventTitle: string) =>
    `You get this mail because you booked ${teamName} for ${eventTitle}, or are its captain.`,
  partnerMember: "You get this mail because you are a member of a partner on Rethink Corporate Life.",
  partnerAddress: (partnerName: string) =>
    `You get this mail because this is the contact address of ${partnerName} on Rethink Corporate Life.`,
  admin: "You get this mail because you are an administrator of Rethink Corporate Life.",
  inbox: "You get this mail because this address receives the site's forms.",
  inquiry: "You get this mail because you wrote to a partner through Rethink Corporate Life.",
  application: "You get this mail because you applied to become a partner of Rethink Corporate Life.",
  participantMessage: (eventTitle: string) =>
    `You get this mail because a team registered for ${eventTitle} gave this address, as its captain, its booker or a member of its roster. If you are on the roster and want no more of these mails, ask whoever booked your team to remove your email address from it.`,
};
