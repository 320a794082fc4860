// What every section of the signed-in portal is given, and what a subscription's change forms are given besides.
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import type { Translate } from '../shared/ui';
import type { PortalCall } from './portal-session';

export interface SectionProps {
  t: Translate;
  locale: string;
  call: PortalCall;
  /** The organization's slug: its public portal data (`/organizations/{slug}`). */
  slug: string;
}

export interface SubscriptionChangeProps extends SectionProps {
  subscription: CustomerSubscription;
  /** Sends a PATCH of the subscription; resolves once the change is shown, rejects with the API's refusal. */
  change: (body: Record<string, unknown>) => Promise<void>;
}
