import { m } from "~/paraglide/messages";

/**
 * How a partner's status reads on the admin pages: an approved partner is live ("Active").
 * Labels are read when used, in the page's language (ADR 032).
 */
export const PARTNER_STATUS_LABELS = {
  get approved() {
    return m.partners_status_approved();
  },
  get pending() {
    return m.partners_status_pending();
  },
  get suspended() {
    return m.partners_status_suspended();
  },
};

export type PartnerStatus = keyof typeof PARTNER_STATUS_LABELS;

/** A partner's tier with its revenue share: "Premium, 15 %" or "Basic". */
export const tierLabel = (tier: "basic" | "premium", share: number | null) =>
  tier === "premium" ? m.partners_tier_premium({ share: share ?? 0 }) : m.partners_tier_basic();

/** Applications keep the status `rejected`; people read "Declined". */
export const APPLICATION_STATUS_LABELS = {
  get pending() {
    return m.apply_status_pending();
  },
  get approved() {
    return m.apply_status_approved();
  },
  get rejected() {
    return m.apply_status_rejected();
  },
};
