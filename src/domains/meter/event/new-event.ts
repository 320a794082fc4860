// What one incoming event becomes: its customer, its time on the customer's clock, its parent; each refusal told
// with the field it is about.
import type { NewEvent } from '../../../adapters/events/event-store';
import { newId } from '../../../kernel/ids';
import type { CustomerIdentity } from '../../customer';
import type { IncomingEvent } from './incoming-event';

/** What the whole batch resolved: customers keyed `id:`/`external:`, clock times, parents, ids given in the batch. */
export interface BatchContext {
  organizationId: string;
  customers: Map<string, CustomerIdentity>;
  clocks: Map<string, Date>;
  parents: Map<string, string>;
  /** External ids of the batch's events so far, with the ids they were given (a later event's parent may name one). */
  batchIds: Map<string, string>;
  now: Date;
}

export function newEvent(
  { input, source, systemMetadata }: IncomingEvent,
  { organizationId, customers, clocks, parents, batchIds, now }: BatchContext,
  refuse: (field: string, msg: string) => void,
): NewEvent {
  const id = newId();
  if (input.external_id) batchIds.set(input.external_id, batchIds.get(input.external_id) ?? id);
  if (input.organization_id && input.organization_id !== organizationId)
    refuse('organization_id', 'Events belong to the organization of the token');
  const customer =
    'customer_id' in input
      ? customers.get(`id:${input.customer_id}`)
      : customers.get(`external:${input.external_customer_id}`);
  if ('customer_id' in input && !customer) refuse('customer_id', 'No customer of the organization has this id');
  const clockNow = customer?.testClockId ? (clocks.get(customer.testClockId) ?? now) : now;
  const timestamp = input.timestamp ? new Date(input.timestamp) : clockNow;
  if (timestamp.getTime() > clockNow.getTime()) refuse('timestamp', 'Timestamps must lie in the past');
  const parentId = input.parent_id ? (parents.get(input.parent_id) ?? batchIds.get(input.parent_id) ?? null) : null;
  if (input.parent_id && !parentId) refuse('parent_id', 'No event of the organization has this id or external id');
  return {
    id,
    name: input.name,
    timestamp,
    source,
    customerId: customer?.id ?? null,
    externalCustomerId: 'external_customer_id' in input ? input.external_customer_id : (customer?.externalId ?? null),
    memberId: 'member_id' in input ? (input.member_id ?? null) : null,
    externalMemberId: 'external_member_id' in input ? (input.external_member_id ?? null) : null,
    externalId: input.external_id ?? null,
    parentId,
    metadata: { ...input.metadata, ...systemMetadata },
  };
}
