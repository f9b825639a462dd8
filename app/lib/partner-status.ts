/** How a partner's status reads on the admin pages: an approved partner is live ("Active"). */
export const PARTNER_STATUS_LABELS = {
  approved: "Active",
  pending: "Pending",
  suspended: "Suspended",
} as const;

export type PartnerStatus = keyof typeof PARTNER_STATUS_LABELS;

/** A partner's tier with its revenue share: "Premium, 15 %" or "Basic". */
export const tierLabel = (tier: "basic" | "premium", share: number | null) =>
  tier === "premium" ? `Premium, ${share ?? 0} %` : "Basic";

/** Applications keep the status `rejected`; people read "Declined". */
export const APPLICATION_STATUS_LABELS = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Declined",
} as const;
