// The ingestion cut-off of a subscription billing metered usage: taken before the billing transaction, so that usage
// recorded after it goes to the next period.
import type { BillingDeps } from './billing-deps';
import { meteredPrices } from './metered-usage';
import { Subscription } from './subscription.entity';

/**
 * The ingestion cut-off for a subscription billing usage (taken in its own short transaction, before the renewal's),
 * null for one without metered prices: those renew without waiting on their organization's ingestion.
 */
export async function meteredCutOff(deps: BillingDeps, subscriptionId: string): Promise<string | null> {
  const em = deps.orm.em.fork();
  const s = await em.findOneOrFail(Subscription, { id: subscriptionId });
  return (await meteredPrices(deps, em, s)).length ? deps.customerMeters.cutOff(deps.orm, s.organizationId) : null;
}
