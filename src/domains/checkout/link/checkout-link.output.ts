// Checkout links as the API shows them, with their products and discount.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutLink as LinkOutput } from '../../../contracts/checkout-link';
import type { DiscountService } from '../../discount';
import type { CheckoutService } from '../checkout.service';
import { checkoutProductOutput } from '../checkout-product.output';
import type { CheckoutLink } from './checkout-link.entity';

export async function checkoutLinkOutput(
  em: EntityManager,
  deps: { publicUrl: string; checkouts: CheckoutService; discounts: DiscountService },
  link: CheckoutLink,
): Promise<LinkOutput> {
  return {
    id: link.id,
    created_at: link.createdAt.toISOString(),
    modified_at: link.modifiedAt?.toISOString() ?? null,
    trial_interval: link.trialInterval as LinkOutput['trial_interval'],
    trial_interval_count: link.trialIntervalCount,
    metadata: link.metadata,
    payment_processor: 'stripe',
    client_secret: link.clientSecret,
    success_url: link.successUrl,
    return_url: link.returnUrl,
    label: link.label,
    allow_discount_codes: link.allowDiscountCodes,
    require_billing_address: link.requireBillingAddress,
    discount_id: link.discountId,
    seats: link.seats,
    units: null,
    organization_id: link.organizationId,
    products: (await deps.checkouts.products(em, link.organizationId, link.productIds)).map((p) => ({
      ...checkoutProductOutput(p),
      metadata: p.metadata,
    })),
    discount: link.discountId ? await deps.discounts.output(em, link.organizationId, link.discountId) : null,
    url: `${deps.publicUrl}/v1/checkout-links/${link.clientSecret}/redirect`,
  };
}
