// Who a billing document names: the seller, the merchant and the buyer, with their addresses as documents print them.
import type { DocumentParty } from '../../../adapters/pdf/billing-document';
import type { Address } from '../../../contracts/address';
import type { Order } from '../order.entity';

export interface DocumentContext {
  seller: DocumentParty;
  merchantName: string;
  /** The buyer's name when the order has no billing name (receipts may be issued without one). */
  customerName: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const countryName = (code: string): string => regionNames.of(code) ?? code;

export function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.state, countryName(address.country)].filter(
    (line): line is string => Boolean(line),
  );
}

/** The buyer as the order's billing details name them (the customer's name without a billing name). */
export function documentBuyer(order: Order, context: DocumentContext): DocumentParty {
  return {
    name: order.billingName ?? context.customerName,
    addressLines: addressLines(order.billingAddress),
    taxIds: order.taxId ? [order.taxId[0]] : [],
  };
}
