import { href } from "react-router";

/**
 * The booking's printable team card: its QR code and the roster to tick off at check-in.
 * Here rather than in ~/lib/paths, whose chunk every public page loads: only the booking's
 * pages link to the card (tests/integration/page-weight.test.ts).
 */
export const teamCardPath = (id: string) => href("/dashboard/bookings/:id/team-card", { id });
