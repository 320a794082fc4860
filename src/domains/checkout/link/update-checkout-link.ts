// A change to a checkout link: new products and discount checked, the fields the request names replaced.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutLinkUpdate } from '../../../contracts/checkout-link-update';
import { invalidField } from '../../../kernel/errors';
import { checkLinkProducts } from './check-link-products';
import type { CheckoutLink } from './checkout-link.entity';
import type { LinkDeps } from './checkout-link-deps';

export async function updateCheckoutLink(
  deps: LinkDeps,
  em: EntityManager,
  link: CheckoutLink,
  input: CheckoutLinkUpdate,
): Promise<CheckoutLink> {
  const { organizationId } = link;
  if (input.products != null) {
    await checkLinkProducts(deps, em, organizationId, input.products);
    link.productIds = [...new Set(input.products)];
  }
  if (input.discount_id != null && !(await deps.discounts.find(em, organizationId, input.discount_id)))
    throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
  const fields = {
    label: 'label',
    discount_id: 'discountId',
    seats: 'seats',
    success_url: 'successUrl',
    return_url: 'returnUrl',
    trial_interval: 'trialInterval',
    trial_interval_count: 'trialIntervalCount',
    metadata: 'metadata',
  } as const;
  for (const [key, property] of Object.entries(fields)) {
    const value = input[key as keyof CheckoutLinkUpdate];
    if (value !== undefined) (link as unknown as Record<string, unknown>)[property] = value;
  }
  if (input.allow_discount_codes != null) link.allowDiscountCodes = input.allow_discount_codes;
  if (input.require_billing_address != null) link.requireBillingAddress = input.require_billing_address;
  link.modifiedAt = deps.clock.now();
  await em.flush();
  return link;
}
