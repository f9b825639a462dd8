// Report months are calendar months ("2027-06"), not instants: formatted at noon UTC on
// the first, a moment that falls in the same month in every time zone.
const at = (month: string) => new Date(`${month}-01T12:00:00Z`);

const longFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** "June 2027" */
export const monthLabel = (month: string): string => longFormat.format(at(month));

/** "Jun", for a chart's axis. */
export const shortMonthLabel = (month: string): string => shortFormat.format(at(month));

/** "January 2027 to June 2027", or the one month. */
export const rangeLabel = ({ from, to }: { from: string; to: string }): string =>
  from === to ? monthLabel(from) : `${monthLabel(from)} to ${monthLabel(to)}`;
