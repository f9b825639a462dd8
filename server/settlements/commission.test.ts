import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onlineFigures, refundedFeeShares, statementFigures, type SettledPayment } from "./commission";
import { formatStatementMonth, lastDayOf, monthOf, nextMonth, previousMonth } from "./statement-month";

describe("a statement's figures", () => {
  it("takes the share of the net sales and 25 % moms on it, each rounded half up to the øre", () => {
    // 12 % of 1.000,05 kr. is 120,006 → 120,01; its moms 30,0025 → 30,00.
    expect(statementFigures({ netMinor: 100_005, vatMinor: 25_001 }, 12)).toEqual({
      netMinor: 100_005,
      vatMinor: 25_001,
      grossMinor: 125_006,
      revenueSharePercent: 12,
      commissionNetMinor: 12_001,
      commissionVatMinor: 3_000,
      partnerKeepsMinor: 125_006 - 12_001 - 3_000,
    });
    // Exactly half an øre goes up: 10 % of 0,05 kr. is 0,005 → 0,01.
    expect(statementFigures({ netMinor: 5, vatMinor: 0 }, 10).commissionNetMinor).toBe(1);
    // 25 % moms of 0,02 kr. is 0,005 → 0,01.
    expect(statementFigures({ netMinor: 20, vatMinor: 0 }, 10).commissionVatMinor).toBe(1);
  });

  it("charges no share to a basic partner, or in a month whose credits exceed its sales", () => {
    expect(statementFigures({ netMinor: 400_000, vatMinor: 100_000 }, null)).toMatchObject({
      commissionNetMinor: 0,
      commissionVatMinor: 0,
      partnerKeepsMinor: 500_000,
    });
    expect(statementFigures({ netMinor: -400_000, vatMinor: -100_000 }, 15)).toMatchObject({
      revenueSharePercent: 15,
      commissionNetMinor: 0,
      partnerKeepsMinor: -500_000,
    });
  });
});

/** A payment of up to 100.000 kr. with a fee of up to its amount, to RCL or to the partner's account. */
const payment = fc
  .record({
    amountMinor: fc.integer({ min: 1, max: 10_000_000 }),
    feeSixteenths: fc.integer({ min: 0, max: 16 }),
  })
  .chain(({ amountMinor, feeSixteenths }) =>
    fc.record({
      amountMinor: fc.constant(amountMinor),
      applicationFeeMinor: fc.integer({ min: 0, max: Math.floor((amountMinor * feeSixteenths) / 16) }),
      destination: fc.boolean(),
    }),
  );

/** A payment and refunds that together return at most all of it. */
const refundedPayment = payment.chain((paid) =>
  fc.array(fc.integer({ min: 1, max: paid.amountMinor }), { maxLength: 6 }).map((amounts) => {
    let left = paid.amountMinor;
    const refunds: number[] = [];
    for (const amount of amounts) {
      if (left === 0) break;
      const refund = Math.min(amount, left);
      refunds.push(refund);
      left -= refund;
    }
    return { payment: paid, refunds };
  }),
);

describe("a statement's online money", () => {
  const destination = (amountMinor: number, applicationFeeMinor: number): SettledPayment => ({
    amountMinor,
    applicationFeeMinor,
    destination: true,
  });

  it("takes back the fee in proportion to each refund, rounded half up", () => {
    // 1.500 of 10.000 with a fee of 1.875: 281,25 → 281; then 3.333: 624,94 → 625.
    expect(refundedFeeShares(destination(10_000, 1_875), [1_500, 3_333])).toEqual([281, 625]);
    // Exactly half an øre goes up: a fee of 1 on 2 øre, 1 øre refunded.
    expect(refundedFeeShares(destination(2, 1), [1])).toEqual([1]);
    // The next half cannot return more than is left, and the refund of the rest returns the rest.
    expect(refundedFeeShares(destination(2, 1), [1, 1])).toEqual([1, 0]);
    expect(refundedFeeShares(destination(3, 2), [1, 1, 1])).toEqual([1, 1, 0]);
    // A charge to RCL's own account has no fee to take back.
    expect(
      refundedFeeShares({ amountMinor: 10_000, applicationFeeMinor: 0, destination: false }, [5_000]),
    ).toEqual([0]);
  });

  it("never returns more fee than was kept, and a full refund returns all of it", () => {
    fc.assert(
      fc.property(refundedPayment, ({ payment: paid, refunds }) => {
        const shares = refundedFeeShares(paid, refunds);
        const fee = paid.destination ? paid.applicationFeeMinor : 0;
        const returned = shares.reduce((sum, share) => sum + share, 0);
        expect(shares.every((share) => share >= 0)).toBe(true);
        expect(returned).toBeLessThanOrEqual(fee);
        const refunded = refunds.reduce((sum, refund) => sum + refund, 0);
        if (refunded === paid.amountMinor) expect(returned).toBe(fee);
        // Each share is the proportional one, half up, unless the fee left caps it.
        let before = 0;
        refunds.forEach((refund, index) => {
          const proportional = Math.floor((2 * fee * refund + paid.amountMinor) / (2 * paid.amountMinor));
          const last = before + refund === paid.amountMinor;
          if (!last) expect(shares[index]).toBe(Math.min(proportional, fee - returnedBefore(shares, index)));
          before += refund;
        });
      }),
      { numRuns: 500 },
    );
  });

  it("pays out what RCL collected less the commission not kept as fees: the identity holds for any month", () => {
    fc.assert(
      fc.property(
        fc.array(refundedPayment, { maxLength: 8 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        (month, netMinor, percent) => {
          const commission = statementFigures({ netMinor, vatMinor: 0 }, percent);
          const figures = onlineFigures(
            {
              paid: month.map((entry) => entry.payment),
              refunds: month.flatMap((entry) => {
                const shares = refundedFeeShares(entry.payment, entry.refunds);
                return entry.refunds.map((amountMinor, index) => ({
                  payment: entry.payment,
                  amountMinor,
                  feeRefundedMinor: shares[index] ?? 0,
                }));
              }),
            },
            commission,
          );
          const kept = (entry: (typeof month)[number]) => {
            const refunded = entry.refunds.reduce((sum, refund) => sum + refund, 0);
            return entry.payment.amountMinor - refunded;
          };
          const collected = month
            .filter((entry) => !entry.payment.destination)
            .reduce((sum, entry) => sum + kept(entry), 0);
          expect(figures.onlineCollectedMinor).toBe(collected);
          expect(figures.onlineCollectedMinor).toBeGreaterThanOrEqual(0);
          expect(figures.applicationFeesMinor).toBeGreaterThanOrEqual(0);
          expect(figures.payoutMinor).toBe(
            figures.onlineCollectedMinor +
              figures.applicationFeesMinor -
              commission.commissionNetMinor -
              commission.commissionVatMinor,
          );
          // Whatever the partner owes is never more than the commission with its moms.
          expect(-figures.payoutMinor).toBeLessThanOrEqual(
            commission.commissionNetMinor + commission.commissionVatMinor,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("pays a basic partner all RCL collected, and a premium partner that less its commission", () => {
    const month = {
      paid: [
        { amountMinor: 125_000, applicationFeeMinor: 0, destination: false },
        { amountMinor: 250_000, applicationFeeMinor: 37_500, destination: true },
      ],
      refunds: [],
    };
    expect(onlineFigures(month, statementFigures({ netMinor: 300_000, vatMinor: 75_000 }, null))).toEqual({
      onlineCollectedMinor: 125_000,
      applicationFeesMinor: 37_500,
      payoutMinor: 162_500,
    });
    // 10 % of 300.000 is 30.000, with moms 37.500: all kept as the fee, so all collected is paid out.
    expect(onlineFigures(month, statementFigures({ netMinor: 300_000, vatMinor: 75_000 }, 10))).toMatchObject(
      {
        payoutMinor: 125_000,
      },
    );
    // Without online money the partner owes the commission, which its invoice states.
    expect(
      onlineFigures({ paid: [], refunds: [] }, statementFigures({ netMinor: 100_000, vatMinor: 25_000 }, 10)),
    ).toEqual({ onlineCollectedMinor: 0, applicationFeesMinor: 0, payoutMinor: -12_500 });
  });
});

const returnedBefore = (shares: number[], index: number) =>
  shares.slice(0, index).reduce((sum, share) => sum + share, 0);

describe("a statement's month", () => {
  it("is the month before on Copenhagen's calendar, across a year and a time zone's edge", () => {
    // 00:30 on 1 January in Copenhagen is still 31 December in UTC.
    expect(monthOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(previousMonth("2027-01-01")).toBe("2026-12-01");
    expect(nextMonth("2026-12-01")).toBe("2027-01-01");
    expect(lastDayOf("2028-02-01")).toBe("2028-02-29");
    expect(formatStatementMonth("2027-05-01", "da")).toBe("maj 2027");
    expect(formatStatementMonth("2027-05-01", "en")).toBe("May 2027");
  });
});
