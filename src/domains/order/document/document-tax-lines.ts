// An order's tax lines as billing documents print them (the tax's name and where it is due), and the reverse charge
// note a line may call for.
import type { DocumentTaxLine } from '../../../adapters/pdf/billing-document';
import type { OrderTaxLine } from '../order.entity';
import { countryName } from './document-parties';

const TAX_NAMES: Record<string, string> = {
  vat: 'VAT',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  qst: 'QST',
  sales_tax: 'Sales tax',
  none: 'Tax',
  tax: 'Tax',
};

export function taxLine(line: OrderTaxLine): DocumentTaxLine {
  const [country, region] = line.jurisdiction.split('-');
  const place = region ? `${countryName(country)}, ${region}` : countryName(country);
  return {
    label: `${TAX_NAMES[line.kind] ?? 'Tax'} (${place})`,
    rate: line.rate,
    taxableAmount: line.taxableAmount,
    amount: line.amount,
    reverseCharge: line.reason === 'reverse_charge',
  };
}

export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT is to be accounted for by the recipient of the supply (Article 196, Council Directive 2006/112/EC).';
