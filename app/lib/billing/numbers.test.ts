import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fik71Line,
  fik71PaymentId,
  hasValidModulus10,
  isValidCvr,
  isValidGln,
  modulus10CheckDigit,
} from "./numbers";

describe("CVR numbers", () => {
  it("accepts numbers whose weighted sum is divisible by 11", () => {
    // 2·2 + 7·9 + 6·4 + 5·0 + 4·3 + 3·4 + 2·7 + 1·3 = 132 = 12 · 11
    expect(isValidCvr("29403473")).toBe(true);
    expect(isValidCvr("35954716")).toBe(true);
  });

  it("refuses a mistyped digit, two swapped digits, and anything but 8 digits", () => {
    expect(isValidCvr("29403474")).toBe(false);
    expect(isValidCvr("92403473")).toBe(false);
    expect(isValidCvr("12345678")).toBe(false);
    expect(isValidCvr("2940347")).toBe(false);
    expect(isValidCvr("294034730")).toBe(false);
    expect(isValidCvr("2940347A")).toBe(false);
    expect(isValidCvr("")).toBe(false);
  });

  it("catches every single changed digit of a valid number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }), (position, change) => {
        const valid = "29403473";
        const digit = (Number(valid[position]) + change) % 10;
        const typo = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        return !isValidCvr(typo);
      }),
    );
  });
});

describe("EAN (GLN) numbers", () => {
  it("accepts 13 digits with the GS1 check digit", () => {
    expect(isValidGln("5798000000001")).toBe(true);
    expect(isValidGln("5790000123452")).toBe(true);
  });

  it("refuses a wrong check digit and anything but 13 digits", () => {
    expect(isValidGln("5798000000002")).toBe(false);
    expect(isValidGln("579800000000")).toBe(false);
    expect(isValidGln("57980000000011")).toBe(false);
    expect(isValidGln("579800000000X")).toBe(false);
  });
});

describe("FI card type 71 payment ids", () => {
  it("computes the modulus-10 check digit as the banks' FI specification does", () => {
    // Weights 2, 1, 2 … from the right; a product of 14 counts as 1 + 4. The last is Luhn's own example.
    expect(modulus10CheckDigit("00000000000001")).toBe(8);
    expect(modulus10CheckDigit("00000000000042")).toBe(2); // 2·2 + 4·1 = 8
    expect(modulus10CheckDigit("79927398713".slice(0, -1))).toBe(3);
  });

  it("gives 15 digits that always pass the check, and refuses what a bank would", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999_999 }), (sequence) => {
        const id = fik71PaymentId(sequence);
        return id.length === 15 && hasValidModulus10(id) && Number(id.slice(0, 14)) === sequence;
      }),
    );
    expect(hasValidModulus10("000000000000019")).toBe(false);
    expect(() => fik71PaymentId(0)).toThrow(RangeError);
    expect(() => fik71PaymentId(1.5)).toThrow(RangeError);
  });

  it("writes the payment line as a bank's FI form reads it", () => {
    expect(fik71Line(fik71PaymentId(42), "85412345")).toBe("+71<000000000000422+85412345<");
  });
});
