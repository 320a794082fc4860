export { calculateTax, refundTax, type TaxCustomer, type TaxLineItem, type SellerOfRecord } from './tax.logic';
export { checkedTaxId, validateTaxId } from './tax-id.logic';
export { taxModule } from './tax.module';
export { resolveTaxBehavior } from './tax-behavior.logic';
