// What an organization's settings are changed with: names, contacts, subscription and portal settings, invoices,
// the currencies checkouts charge in.
import { z } from 'zod';
import { CountryCode } from './address';
import { Currency } from './catalog-common';
import { Url } from './common';
import { InvoiceNumbering } from './organization';
import { ProrationBehavior } from './proration-behavior';

const email = z.email().max(320);

export const OrganizationUpdate = z
  .object({
    name: z.string().trim().min(3).max(255).nullish(),
    slug: z
      .string()
      .min(3)
      .max(60)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters and digits, in words joined by single dashes')
      .nullish(),
    email: email.nullish(),
    website: Url({ protocol: /^https?$/ })
      .max(2048)
      .nullish(),
    subscription_settings: z
      .object({
        proration_behavior: ProrationBehavior.optional(),
        allow_customer_updates: z.boolean().optional(),
        keep_benefits_while_paused: z.boolean().optional(),
      })
      .nullish(),
    dispute_settings: z
      .object({
        /** USD cents; disputes in another currency are never accepted automatically. */
        auto_accept_below_amount: z.int32().min(1).nullable().optional(),
        /** Our addition: whether a lost dispute revokes the benefits its order granted (default true). */
        revoke_benefits: z.boolean().optional(),
      })
      .nullish(),
    customer_portal_settings: z
      .object({
        subscription: z
          .object({
            update_seats: z.boolean().optional(),
            update_plan: z.boolean().optional(),
            pause: z.boolean().optional(),
          })
          .optional(),
      })
      .nullish(),
    invoice_numbering: InvoiceNumbering.nullish(),
    customer_invoice_prefix: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, '1 to 20 capital letters, digits or dashes, starting with a letter or digit')
      .nullish(),
    owner_email: email.nullish(),
    default_presentment_currency: Currency.nullish(),
    /** Bursar's own: replaces the whole map; `{}` clears it. */
    currency_by_country: z.partialRecord(CountryCode, Currency).nullish(),
  })
  .meta({ id: 'OrganizationUpdate' });
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;
