// A new checkout link: its products, price and discount checked, and a client secret of its own.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutLinkCreate } from '../../../contracts/checkout-link-create';
import { invalidField } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import { checkLinkProducts } from './check-link-products';
import { CheckoutLink } from './checkout-link.entity';
import type { LinkDeps } from './checkout-link-deps';

/** Writes the link; its products (by id, or the price's product) must be the organization's and not archived. */
export async function createCheckoutLink(
  deps: LinkDeps,
  em: EntityManager,
  organizationId: string,
  input: CheckoutLinkCreate,
): Promise<CheckoutLink> {
  const priceProduct = input.product_price_id
    ? ((await deps.products.priceOutputs(em, organizationId, [input.product_price_id]))[0]?.product_id ?? null)
    : null;
  if (input.product_price_id && !priceProduct)
    throw invalidField(['body', 'product_price_id'], 'No such price in this organization.');
  const productIds = input.products ?? [input.product_id ?? priceProduct!];
  await checkLinkProducts(deps, em, organizationId, productIds);
  if (input.discount_id && !(await deps.discounts.find(em, organizationId, input.discount_id)))
    throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
  const link = em.create(CheckoutLink, {
    id: newId(),
    organizationId,
    clientSecret: `bursar_cl_${randomBytes(32).toString('base64url')}`,
    productIds: [...new Set(productIds)],
    label: input.label ?? null,
    discountId: input.discount_id ?? null,
    allowDiscountCodes: input.allow_discount_codes,
    requireBillingAddress: input.require_billing_address,
    seats: input.seats ?? null,
    successUrl: input.success_url ?? null,
    returnUrl: input.return_url ?? null,
    trialInterval: input.trial_interval ?? null,
    trialIntervalCount: input.trial_interval_count ?? null,
    metadata: input.metadata,
    deletedAt: null,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  await em.flush();
  return link;
}
