/**
 * What a scanned code or a typed reference names (ADR 038): a team, `RCL-7K3Q9P`, or one
 * of its seats, `RCL-7K3Q9P/3`. Typing is forgiving: any case, spaces, the prefix left out,
 * and the letters Crockford's base-32 has no place for read as the digits they look like.
 */
type ParsedReference = { reference: string; seat: number | null };

const CODE = /^(?:RCL-?)?([0-9A-HJKMNP-TV-Z]{6})(?:\/(\d{1,3}))?$/;

/** Letters people type for the digits the booking references use instead (no I, L, O, U). */
const LOOK_ALIKES: Record<string, string> = { O: "0", I: "1", L: "1" };

export function parseReference(input: string): ParsedReference | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, "");
  const withoutPrefix = compact.startsWith("RCL") ? compact.slice(3).replace(/^-/, "") : compact;
  const [codePart = "", seatPart] = withoutPrefix.split("/", 2);
  const code = codePart.replace(/[OIL]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
  const match = CODE.exec(seatPart === undefined ? code : `${code}/${seatPart}`);
  if (!match) return null;
  const seat = match[2] === undefined ? null : Number(match[2]);
  if (seat === 0) return null;
  return { reference: `RCL-${match[1]}`, seat };
}
