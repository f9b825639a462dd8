export const PARTNER_PROFILE_PATH = "/dashboard/partner/profile";

/** The editor of one partner's profile (members of several partners and admins choose one). */
export const partnerProfilePath = (partnerId: string) =>
  `${PARTNER_PROFILE_PATH}?partner=${encodeURIComponent(partnerId)}`;
