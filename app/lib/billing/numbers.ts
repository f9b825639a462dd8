/**
 * The check digits of the numbers Danish invoices carry, for forms in the browser and on
 * the server alike: CVR (modulus 11), EAN/GLN location numbers (GS1 modulus 10) and the
 * payment id of an FI card type 71 (modulus 10, as Luhn). Sources in ADR 035.
 */

/** CVR: 8 digits whose weighted sum (2, 7, 6, 5, 4, 3, 2, 1) is divisible by 11. */
export function isValidCvr(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return sum % 11 === 0;
}

/** GS1 check digit: weights 3 and 1 alternate from the right, skipping the check digit itself. */
export function isValidGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const body = [...value.slice(0, -1)].reverse();
  const sum = body.reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}

/**
 * The modulus-10 check digit of an FI payment id: from the right, the digits are weighted
 * 2, 1, 2, 1 …, the products' digits summed, and the check digit brings the sum to a ten.
 */
export function modulus10CheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const product = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** Whether a payment id's last digit is its modulus-10 check digit. */
export function hasValidModulus10(value: string): boolean {
  return /^\d{2,}$/.test(value) && modulus10CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** An FI creditor number (kreditornummer) for card types 71 and 75: 8 digits. */
export const FI_CREDITOR_PATTERN = /^\d{8}$/;

/**
 * The 15-digit payment id of a +71 line for a number in the seller's series: the number
 * padded to 14 digits and its check digit.
 */
export function fik71PaymentId(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 99_999_999_999_999) {
    throw new RangeError(`No +71 payment id for ${sequence}.`);
  }
  const body = String(sequence).padStart(14, "0");
  return `${body}${modulus10CheckDigit(body)}`;
}

/** The payment line a Danish bank's "pay an FI card" form reads: +71<payment id+creditor<. */
export function fik71Line(paymentId: string, creditorNumber: string): string {
  return `+71<${paymentId}+${creditorNumber}<`;
}

/** A Danish bank registration number: 4 digits. */
export const BANK_REGISTRATION_PATTERN = /^\d{4}$/;
/** A Danish bank account number: up to 10 digits (banks pad shorter ones with zeros). */
export const BANK_ACCOUNT_PATTERN = /^\d{1,10}$/;
