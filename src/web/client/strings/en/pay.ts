// English strings of the pay page (a pay link's: one order to pay).
export const payStrings = {
  'title.pay': 'Pay your order',
  'pay.loading': 'Loading your order…',
  'pay.invalid': 'This pay link is invalid or has expired. Ask the seller for a new one.',
  'pay.invoice': 'Invoice {number}',
  'pay.subtotal': 'Subtotal',
  'pay.tax': 'Tax',
  'pay.taxIncluded': 'Tax (included)',
  'pay.total': 'Total due',
  'pay.savedMethod': 'Pay with {brand} ending in {last4}',
  'pay.newCard': 'Pay with a new card',
  'pay.submit': 'Pay {amount}',
  'pay.paying': 'Paying…',
  'pay.paid': 'Paid. Thank you: a receipt is on its way to your e-mail.',
  'pay.declined': 'Your payment was not accepted: {error}',
  'pay.void': 'This order will not be collected: nothing is due.',
};
