// A session's currency when it opens, and when the merchant names another or the buyer's country changes: the rule
// of checkout-currency.logic.ts with the organization's settings, read only when the rule needs them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import { invalidField } from '../../kernel/errors';
import type { Checkout } from './checkout.entity';
import { checkoutCurrency, needsCurrencySettings } from './checkout-currency.logic';
import type { CheckoutDeps } from './checkout-deps';
import { offeredCurrencies, staticPrice } from './checkout-static-price';

/** The currency the session charges in (a 422 on `currency` when there is none to choose). */
export async function chooseCurrency(
  deps: Pick<CheckoutDeps, 'organizations'>,
  em: EntityManager,
  organizationId: string,
  choice: { requested: string | null | undefined; product: ProductOutput; country: string | null | undefined },
): Promise<string> {
  const offered = offeredCurrencies(choice.product);
  const settings = needsCurrencySettings(choice.requested, offered)
    ? await deps.organizations.currencySettings(em, organizationId)
    : { defaultCurrency: '', currencyByCountry: {} };
  const chosen = checkoutCurrency({ requested: choice.requested, offered, country: choice.country, settings });
  if ('refusal' in chosen) throw invalidField(['body', 'currency'], chosen.refusal);
  return chosen.currency;
}

/**
 * After an update: the currency the merchant names, which then stays; else, while nobody named one, the one the
 * buyer's new country maps to (or the default) when the update sets another country — unless the session's fixed
 * discount has no amount in it: the discount the merchant gave holds the currency. The price follows the currency.
 */
export async function updateCurrency(
  deps: Pick<CheckoutDeps, 'organizations' | 'discounts'>,
  em: EntityManager,
  checkout: Checkout,
  products: readonly ProductOutput[],
  change: { requested: string | null | undefined; countryBefore: string | null },
): Promise<void> {
  const country = checkout.customerBillingAddress?.country ?? null;
  const follows = !checkout.currencyChosen && country !== null && country !== change.countryBefore;
  if (!change.requested && !follows) return;
  const product = products.find((p) => p.id === checkout.productId)!;
  const currency = await chooseCurrency(deps, em, checkout.organizationId, {
    requested: change.requested,
    product,
    country,
  });
  if (change.requested) checkout.currencyChosen = true;
  if (currency === checkout.currency) return;
  if (!change.requested && checkout.discountId) {
    const discount = await deps.discounts.find(em, checkout.organizationId, checkout.discountId);
    if (discount?.type === 'fixed' && !(currency in (discount.amounts ?? {}))) return;
  }
  Object.assign(checkout, { currency, productPriceId: staticPrice(product, currency)!.id });
}
