import { correction, generate, type Bitmap2D } from "lean-qr";
import { toPngBuffer } from "lean-qr/extras/node_export";
import { toSvgPath } from "lean-qr/extras/svg";
import type { TeamRegistration } from "#server/db/rows";

/**
 * A team's QR code (ADR 038): the booking reference as text, `RCL-7K3Q9P`, which staff
 * scan at the jetty and could as well type. Made on the server only, as SVG for pages and
 * PNG for mail, so no page's JavaScript carries a QR encoder.
 */

/** Only a confirmed place is checked in: a waitlisted, held or cancelled team has no code. */
export const hasTeamCode = (registration: Pick<TeamRegistration, "status">) =>
  registration.status === "confirmed";

/** One rower's code, `RCL-7K3Q9P/3` for the third seat on the roster: the check-in page opens that seat. */
const seatCode = (reference: string, seatNumber: number): string => `${reference}/${seatNumber}`;

/**
 * A rower's code wherever it is shown, page or mail: only while their link opens their
 * seat (`findSeatByToken`: the booking confirmed and the event not ended) and the seat is
 * on the roster, whose place numbers it as the check-in page counts. Null otherwise.
 */
export function seatCodeOf(
  registration: Pick<TeamRegistration, "status" | "reference" | "roster">,
  event: { endsAt: Date },
  seatId: string,
  now = new Date(),
): string | null {
  if (!hasTeamCode(registration) || event.endsAt <= now) return null;
  const number = registration.roster.findIndex((member) => member.id === seatId) + 1;
  return number > 0 ? seatCode(registration.reference, number) : null;
}

/** The white border scanners need around the code, in modules: the standard's four. */
const QUIET_ZONE = 4;

/**
 * The code itself. At least level M, so a creased card or a scratched phone still reads;
 * a reference fits version 1 (21 × 21 modules), the smallest there is.
 */
export const teamCodeOf = (reference: string): Bitmap2D =>
  generate(reference, { minCorrectionLevel: correction.M });

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The code as an `<svg>` element to put in a page: black on white whatever the page's
 * colours, with the quiet zone, sharp module edges, and `label` as its text alternative
 * (the reference, in the reader's language). It has no size of its own: the page gives
 * it one, and it scales without blurring.
 */
export function teamCodeSvg(reference: string, label: string): string {
  const code = teamCodeOf(reference);
  const side = code.size + 2 * QUIET_ZONE;
  const alt = escapeXml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}" ` +
    `role="img" aria-label="${alt}" shape-rendering="crispEdges">` +
    `<title>${alt}</title>` +
    `<rect x="${-QUIET_ZONE}" y="${-QUIET_ZONE}" width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${toSvgPath(code)}" fill="#000"/>` +
    `</svg>`
  );
}

/** Pixels per module in the mail's PNG: 29 modules make 232 px, shown at 160 for sharp screens. */
const PNG_SCALE = 8;
/** The width and height a mail shows the PNG at, in CSS pixels. */
export const TEAM_CODE_MAIL_SIZE = 160;

/**
 * The code as a PNG for mail, which may not show SVG: opaque black on white (a
 * transparent background would vanish on a dark mail client), with the quiet zone.
 */
export function teamCodePng(reference: string): Buffer {
  return Buffer.from(
    toPngBuffer(teamCodeOf(reference), {
      on: [0, 0, 0, 255],
      off: [255, 255, 255, 255],
      pad: QUIET_ZONE,
      scale: PNG_SCALE,
    }),
  );
}
