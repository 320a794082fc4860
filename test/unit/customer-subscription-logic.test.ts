// The first period of a subscription created for an existing customer: price, tax by the customer's address, total.
import { firstPeriodBill } from '../../src/domains/checkout/customer-subscription.logic';

const seller = { country: 'US' };
const at = new Date('2026-03-05T00:00:00Z');

test.each([
  // [case, address, price, tax behavior, expected]
  ['German VAT included: 1190 = 1000 + 190', { country: 'DE' }, 1190, null, { net: 1000, tax: 190, total: 1190 }],
  [
    'German VAT added on top when the price says so',
    { country: 'DE' },
    1000,
    'exclusive',
    { net: 1000, tax: 190, total: 1190 },
  ],
  ['French VAT 20% included: 1000 → 833 + 167', { country: 'FR' }, 1000, null, { net: 833, tax: 167, total: 1000 }],
  ['unknown location: no tax', null, 1000, null, { net: 1000, tax: 0, total: 1000 }],
  ['free: nothing', { country: 'DE' }, 0, null, { net: 0, tax: 0, total: 0 }],
] as const)('%s', (_name, address, amount, taxBehavior, expected) => {
  expect(firstPeriodBill(seller, { address }, { amount, taxBehavior }, at)).toMatchObject({ amount, ...expected });
});
