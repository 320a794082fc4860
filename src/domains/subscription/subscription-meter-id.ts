// The id of a subscription's meter: derived from the subscription and the meter, the same every time it is read.
import { createHash } from 'node:crypto';

/** The same id for a subscription's meter every time it is read (the customer meter is shared by subscriptions). */
export function subscriptionMeterId(subscriptionId: string, meterId: string): string {
  const hex = createHash('sha256').update(`subscription-meter:${subscriptionId}:${meterId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
