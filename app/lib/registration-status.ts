import { m } from "~/paraglide/messages";

/**
 * How a team registration's status reads on pages and in exports, in the page's language:
 * each label is read when it is used (ADR 032).
 */
export const REGISTRATION_STATUS_LABELS = {
  get confirmed() {
    return m.registration_status_confirmed();
  },
  get waitlisted() {
    return m.registration_status_waitlisted();
  },
  get cancelled() {
    return m.registration_status_cancelled();
  },
  get held() {
    return m.registration_status_held();
  },
};
