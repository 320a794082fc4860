// The query of a checkout link's redirect: a product to preselect, prefills, and metadata for the session.
import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { truncate } from '../kernel/text';
import { Uuid } from './common';
import { queryOne } from './query-params';

/** A prefill from a shared link's URL: a value that does not validate is dropped, so the link still opens. */
const prefill = <T extends z.ZodType<unknown, string>>(schema: T) => queryOne(schema.optional()).catch(undefined);
const truncated = (max: number) => z.string().transform((value) => truncate(value, max));

const LINK_METADATA_KEYS = [
  'reference_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
const CUSTOM_FIELD_PREFIX = 'custom_field_data.';

/**
 * The query of a link's redirect: `product_id` preselects, `amount`, `customer_email`, `customer_name`,
 * `discount_code` and `custom_field_data.<slug>` prefill, `reference_id` and `utm_*` go to the session's metadata.
 */
export const CheckoutLinkRedirectQuery = z
  .object({
    product_id: prefill(Uuid),
    amount: prefill(
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number)
        .pipe(z.int32().max(MAX_AMOUNT)),
    ),
    customer_email: prefill(z.email().max(320)),
    customer_name: prefill(truncated(255)),
    discount_code: prefill(z.string().max(256)),
    ...Object.fromEntries(LINK_METADATA_KEYS.map((key) => [key, prefill(truncated(500))])),
  })
  .catchall(z.unknown())
  .transform((query) => {
    const known = query as Record<string, unknown>;
    const metadata = Object.fromEntries(
      LINK_METADATA_KEYS.flatMap((key) => (known[key] ? [[key, known[key] as string]] : [])),
    );
    const customFieldData = Object.fromEntries(
      Object.entries(known).flatMap(([key, values]) =>
        key.startsWith(CUSTOM_FIELD_PREFIX) && Array.isArray(values)
          ? [[key.slice(CUSTOM_FIELD_PREFIX.length), truncate(String(values.at(-1)), 1000)]]
          : [],
      ),
    );
    return {
      product_id: query.product_id,
      amount: query.amount,
      customer_email: query.customer_email,
      customer_name: query.customer_name,
      discount_code: query.discount_code,
      metadata,
      custom_field_data: customFieldData,
    };
  });
export type CheckoutLinkRedirectQuery = z.output<typeof CheckoutLinkRedirectQuery>;
