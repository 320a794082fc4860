// The public link opened: a fresh session on every visit, preselected and prefilled from the link's URL query (a
// prefill that fails is dropped, an invalid discount code ignored).
import type { CheckoutCreate } from '../../../contracts/checkout-create';
import type { CheckoutLinkRedirectQuery } from '../../../contracts/checkout-link-redirect-query';
import { BursarError, RequestValidationError, ResourceNotFound, invalidField } from '../../../kernel/errors';
import type { Tx } from '../../../platform/database/transaction';
import type { Checkout } from '../checkout.entity';
import { CheckoutLink } from './checkout-link.entity';
import type { LinkDeps } from './checkout-link-deps';
import { withPrefilledMetadata } from './link-metadata.logic';

/** Opens a fresh session from the link, preselected and prefilled from its URL's query. */
export async function openCheckoutLink(
  deps: Pick<LinkDeps, 'checkouts'>,
  tx: Tx,
  clientSecret: string,
  query: CheckoutLinkRedirectQuery,
): Promise<Checkout> {
  const link = await tx.em.findOne(CheckoutLink, { clientSecret, deletedAt: null });
  if (!link) throw new ResourceNotFound('Checkout link not found.');
  const products = (await deps.checkouts.products(tx.em, link.organizationId, link.productIds)).filter(
    (p) => !p.is_archived && p.visibility !== 'draft',
  );
  if (!products.length)
    throw invalidField(['path', 'client_secret'], 'None of the products of this link can be bought right now.');
  const preselected = products.find((p) => p.id === query.product_id) ?? products[0];
  const base: CheckoutCreate = {
    products: [preselected.id, ...products.filter((p) => p !== preselected).map((p) => p.id)],
    seats: link.seats,
    discount_id: link.discountId,
    allow_discount_codes: link.allowDiscountCodes,
    require_billing_address: link.requireBillingAddress,
    allow_trial: true,
    trial_interval: link.trialInterval as CheckoutCreate['trial_interval'],
    trial_interval_count: link.trialIntervalCount,
    success_url: link.successUrl,
    return_url: link.returnUrl,
    metadata: withPrefilledMetadata(link.metadata, query.metadata),
    customer_metadata: {},
    custom_field_data: query.custom_field_data,
    customer_email: query.customer_email ?? null,
    customer_name: query.customer_name ?? null,
    amount: query.amount ?? null,
  };
  const checkout = await tryWithout(
    base,
    { amount: null, discount_id: null, custom_field_data: {} },
    (input) => deps.checkouts.create(tx, link.organizationId, input),
    () => tx.em.clear(),
  );
  const code = query.discount_code;
  if (code && checkout.allowDiscountCodes) {
    await deps.checkouts.update(tx, checkout, { discount_code: code }).catch((error) => {
      if (!(error instanceof BursarError)) throw error; // an invalid code is ignored
    });
  }
  return checkout;
}

/** Creates with the prefilled values; if a prefill is what fails, replaces those with `without` and tries once more. */
async function tryWithout(
  input: CheckoutCreate,
  without: Partial<CheckoutCreate>,
  create: (input: CheckoutCreate) => Promise<Checkout>,
  forget: () => void,
): Promise<Checkout> {
  try {
    return await create(input);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    forget(); // the refused session must not be written
    return create({ ...input, ...without });
  }
}
