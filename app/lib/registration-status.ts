/** How a team registration's status reads on pages and in exports. */
export const REGISTRATION_STATUS_LABELS = {
  confirmed: "Confirmed",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
} as const;
