// Dunning and the seller of record: where it is established and collects tax, and who it is on documents.
import { z } from 'zod';

/** `|`-separated lines (none when unset). */
const lines = z
  .string()
  .default('')
  .transform((v) => v.split('|').flatMap((line) => line.trim() || []));

export const sellerFields = {
  /**
   * Dunning: days between a failed renewal payment and each retry (the last failure revokes the subscription); by
   * default 2, 5, 7 and 7 days after the previous failure, the reference's schedule.
   */
  DUNNING_RETRY_DAYS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Comma-separated whole days, e.g. 2,5,7,7')
    .default('2,5,7,7')
    .transform((v) => v.split(',').map(Number)),
  /**
   * Renewals run within this many seconds after their period ends, each subscription at an offset fixed by its id,
   * so that the subscriptions ending at one instant (the first of the month) do not all renew at once; 0: at the
   * instant. Test clocks renew at their time, unspread.
   */
  RENEWAL_SPREAD_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Bursar is the seller of record: where it is established, and where it collects tax (unset: everywhere). */
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  /** The seller of record's identity on invoices, receipts and credit notes. */
  SELLER_NAME: z.string().min(1).default('Bursar'),
  /** Address lines separated by `|`, e.g. `1 Market St|San Francisco, CA 94105|United States`. */
  SELLER_ADDRESS: lines,
  /** Tax registration numbers printed on documents, `|`-separated, e.g. `EU OSS VAT EU372000000|GB VAT GB000000000`. */
  SELLER_TAX_IDS: lines,
  SELLER_TAX_REGISTRATIONS: z
    .string()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/)
    .optional()
    .transform((v) => v?.split(',')),
};
