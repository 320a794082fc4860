export {
  calculateTax,
  refundTax,
  ratePercent,
  type TaxCalculation,
  type TaxLine,
  type TaxCustomer,
  type TaxLineItem,
  type SellerOfRecord,
  type TaxabilityReason,
} from './tax.logic';
export { checkedTaxId, validateTaxId, type TaxId, type TaxIdFormat } from './tax-id.logic';
export { taxModule } from './tax.module';
