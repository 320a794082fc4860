// English strings of the checkout page.
export const checkoutStrings = {
  'title.checkout': 'Checkout',
} as const;
