import { getLocale, type Locale } from "~/paraglide/runtime";
import { INTL_LOCALE } from "~/lib/i18n/locale";

/**
 * Prices are stored as integers in minor units with an ISO currency; the number of
 * minor digits comes from Intl, so GBP (2) and any currency with none both work.
 * "DKK 4,995.00" in English, "4.995,00 kr." in Danish (ADR 033).
 */
export function formatMoney(amountMinor: number, currency: string, locale: Locale = getLocale()): string {
  const { whole, fractional, digits } = formatters(currency, locale);
  const amount = amountMinor / 10 ** digits;
  return (Number.isInteger(amount) ? whole : fractional).format(amount);
}

/**
 * An amount with its minor digits always shown, as invoices and the lists of them write
 * money: "DKK 5,000.00"; "5.000,00 kr.".
 */
export function formatMoneyExact(
  amountMinor: number,
  currency: string,
  locale: Locale = getLocale(),
): string {
  const { fractional, digits } = formatters(currency, locale);
  return fractional.format(amountMinor / 10 ** digits);
}

/** How many minor digits the currency has: 2 for GBP and DKK, 0 for JPY. */
function minorUnitDigits(currency: string): number {
  return formatters(currency, "en").digits;
}

/** The amount as a plain decimal string ("500.00"), as schema.org offers expect. */
export function decimalAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

type CurrencyFormatters = { whole: Intl.NumberFormat; fractional: Intl.NumberFormat; digits: number };

// Building an Intl formatter costs far more than using one, and pages format many prices.
const cache = new Map<string, CurrencyFormatters>();

function formatters(currency: string, locale: Locale): CurrencyFormatters {
  const key = `${locale}:${currency}`;
  let entry = cache.get(key);
  if (!entry) {
    const tag = INTL_LOCALE[locale];
    const digits =
      new Intl.NumberFormat(tag, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    entry = {
      digits,
      whole: new Intl.NumberFormat(tag, { style: "currency", currency, maximumFractionDigits: 0 }),
      fractional: new Intl.NumberFormat(tag, {
        style: "currency",
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
    };
    cache.set(key, entry);
  }
  return entry;
}
