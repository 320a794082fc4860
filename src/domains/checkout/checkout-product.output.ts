// A product as the buyer sees it at checkout (and checkout links show it).
import type { CheckoutProduct as CheckoutProductOutput } from '../../contracts/checkout-product';
import type { Product as ProductOutput } from '../../contracts/product';

/** A product as the buyer sees it at checkout: its summary, prices, benefits and pictures (not the merchant's metadata). */
export function checkoutProductOutput(product: ProductOutput): CheckoutProductOutput {
  const { metadata: _metadata, attached_custom_fields: _fields, is_deletable: _deletable, ...shown } = product;
  return shown;
}
