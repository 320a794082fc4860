// A customer's wallets from their subscriptions: per currency, the credit each subscription carries (never what it
// owes), summed; the wallet's dates those of the subscriptions it is read from.
import { carriedCredit, walletBalances, type WalletSource } from '../../src/domains/subscription/wallet.logic';

const d = (day: number) => new Date(Date.UTC(2025, 0, day));

test.each([
  { items: [], credit: 0 },
  { items: [-2_032], credit: 2_032 }, // a pause now's credit
  { items: [500], credit: 0 }, // a proration owed: no credit
  { items: [-700, 500], credit: 200 }, // a credit larger than a charge carried with it
  { items: [-300, 500], credit: 0 },
  { items: [-1, -1, -1], credit: 3 },
])('carried $items → $credit', ({ items, credit }) => {
  expect(carriedCredit(items.map((amount) => ({ amount })))).toBe(credit);
});

test('one wallet per currency: credits summed, created with the first subscription, changed with the last', () => {
  const sources: WalletSource[] = [
    { currency: 'usd', createdAt: d(5), modifiedAt: d(9), pendingItems: [{ amount: -1_000 }] },
    { currency: 'eur', createdAt: d(2), modifiedAt: null, pendingItems: [] },
    { currency: 'usd', createdAt: d(3), modifiedAt: d(7), pendingItems: [{ amount: -250 }, { amount: 100 }] },
    { currency: 'usd', createdAt: d(4), modifiedAt: d(12), pendingItems: [{ amount: 900 }] },
  ];
  expect(walletBalances(sources)).toEqual([
    { currency: 'usd', balance: 1_150, createdAt: d(3), modifiedAt: d(12) },
    { currency: 'eur', balance: 0, createdAt: d(2), modifiedAt: null },
  ]);
  expect(walletBalances([])).toEqual([]);
});
