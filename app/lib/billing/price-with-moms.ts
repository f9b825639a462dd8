import { getLocale, type Locale } from "~/paraglide/runtime";
import { m } from "~/paraglide/messages";
import { formatMoneyExact } from "~/lib/money";
import { grossOf, momsPercentFor, type VatStatus } from "./moms";

/**
 * The moms status a partner's prices are shown with: its billing profile's, confirmed or
 * not, since an admin only confirms the status the partner gave and its invoices are issued
 * under that status (ADR 035). A partner without a profile is shown at the standard rate:
 * no invoice can go out before it has one, and a status given later can only lower the
 * price, never raise it above what the page said.
 */
export function shownVatStatus(status: VatStatus | null | undefined): VatStatus {
  return status ?? "registered";
}

/** A price as pages, mails and My Bookings write it, and as a screen reader says it. */
export type PriceWithMoms = {
  /** "5.000,00 kr. inkl. moms (4.000,00 kr. ekskl. moms)"; "4.000,00 kr. (momsfri)"; "Gratis". */
  text: string;
  /** The first part of `text`: what is paid ("5.000,00 kr. inkl. moms", "4.000,00 kr."). */
  main: string;
  /** The part in brackets ("4.000,00 kr. ekskl. moms", "momsfri"); null for a free event. */
  aside: string | null;
  /** The same in words, without abbreviations: "5.000,00 kr. inklusive moms, 4.000,00 kr. eksklusive moms". */
  spoken: string;
  /** What the buyer pays, in øre: the invoice's gross for one team place. */
  grossMinor: number;
};

/**
 * A net price (øre) with its moms: the price including moms first and the net beside it,
 * or the price marked "momsfri" for an exempt seller (ADR 035). The moms is worked out as
 * the invoice works out a line's (`grossOf`, rounded half up to the øre), so the price a
 * page shows is the invoice's gross to the øre. Always to the øre, as invoices write money.
 */
export function priceWithMoms(
  netMinor: number,
  currency: string,
  vatStatus: VatStatus | null | undefined,
  locale: Locale = getLocale(),
): PriceWithMoms {
  if (netMinor === 0) {
    const free = m.price_free({}, { locale });
    return { text: free, main: free, aside: null, spoken: free, grossMinor: 0 };
  }
  const status = shownVatStatus(vatStatus);
  const grossMinor = grossOf(netMinor, momsPercentFor(status));
  const gross = formatMoneyExact(grossMinor, currency, locale);
  if (status === "exempt") {
    const aside = m.price_vat_exempt({}, { locale });
    return {
      text: `${gross} (${aside})`,
      main: gross,
      aside,
      spoken: m.price_spoken_exempt({ amount: gross }, { locale }),
      grossMinor,
    };
  }
  const net = formatMoneyExact(netMinor, currency, locale);
  const main = m.price_incl_vat({ amount: gross }, { locale });
  const aside = m.price_excl_vat({ amount: net }, { locale });
  return {
    text: `${main} (${aside})`,
    main,
    aside,
    spoken: m.price_spoken_with_vat({ gross, net }, { locale }),
    grossMinor,
  };
}
