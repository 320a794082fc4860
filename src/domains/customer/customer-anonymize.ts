// What a deleted customer keeps of a person when the merchant asks to anonymize it (GDPR erasure).
import { createHash } from 'node:crypto';
import type { Customer } from './customer.entity';

/** A digest tied to the customer, so the same e-mail or name gives unrelated values for different customers. */
const digest = (customer: Customer, value: string, length: number) =>
  createHash('sha256').update(`${customer.id}:${value}`).digest('hex').slice(0, length);

/**
 * The e-mail becomes `<digest>@anonymized.invalid` (a reserved domain: nothing is ever sent there), the billing name
 * a digest; a business (one with a tax ID) keeps its name, tax ID and address, which name a company rather than a
 * person, while an individual's name becomes a digest and its address is cleared down to the country (invoices
 * already issued keep their own copy).
 */
export function anonymized(customer: Customer): Pick<Customer, 'email' | 'name' | 'billingName' | 'billingAddress'> {
  const business = customer.taxId !== null;
  const hashed = (value: string | null) => (value === null ? null : digest(customer, value, 16));
  return {
    email: `${digest(customer, customer.email.toLowerCase(), 32)}@anonymized.invalid`,
    name: business ? customer.name : hashed(customer.name),
    billingName: hashed(customer.billingName),
    billingAddress:
      business || !customer.billingAddress ? customer.billingAddress : { country: customer.billingAddress.country },
  };
}
