/**
 * Where an event takes place, as one line: the partner's details of the spot, then the
 * city ("Islands Brygge 10, Copenhagen"). Details are often written as a sentence; its
 * closing full stop is dropped before the comma, which would otherwise read "harbour., Vejle".
 */
export function formatAddress({ locationDetails, location }: { locationDetails: string; location: string }) {
  const details = locationDetails.trim();
  if (!location) return details;
  return details ? `${details.replace(/\.+$/, "")}, ${location}` : location;
}

/** A postal address as one line, "Vesterbrogade 12, 1620 København V"; empty parts left out. */
export function formatPostalAddress(addressLine: string, postalCode: string, city: string): string {
  const town = [postalCode.trim(), city.trim()].filter(Boolean).join(" ");
  return [addressLine.trim(), town].filter(Boolean).join(", ");
}
