// A customer's timeline as the organization sees it (by id or external id: with workflow steps and webhook
// deliveries) and as the customer does in the portal (the facts and their causes, and what comes next).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerTimeline, Timeline, TimelineQuery } from '../../contracts/timeline';
import type { CustomerService } from '../customer';
import { readTimeline, type TimelineReadDeps } from './read-timeline';

export interface TimelineDeps extends TimelineReadDeps {
  customers: CustomerService;
}

export class TimelineService {
  constructor(private readonly deps: TimelineDeps) {}

  async ofCustomer(em: EntityManager, organizationId: string, id: string, query: TimelineQuery): Promise<Timeline> {
    await this.deps.customers.get(em, organizationId, id);
    return readTimeline(this.deps, em, { organizationId, customerId: id }, query);
  }

  async ofExternalCustomer(
    em: EntityManager,
    organizationId: string,
    externalId: string,
    query: TimelineQuery,
  ): Promise<Timeline> {
    const customer = await this.deps.customers.getByExternalId(em, organizationId, externalId);
    return readTimeline(this.deps, em, { organizationId, customerId: customer.id }, query);
  }

  /** The portal's view: no workflow steps, no webhook deliveries (the merchant's plumbing). */
  async forCustomer(
    em: EntityManager,
    owner: { organizationId: string; customerId: string },
    query: TimelineQuery,
  ): Promise<CustomerTimeline> {
    const timeline = await readTimeline(this.deps, em, owner, query);
    return {
      items: timeline.items.map(({ workflow: _workflow, deliveries: _deliveries, ...entry }) => entry),
      pagination: timeline.pagination,
      upcoming: timeline.upcoming.map(({ workflow_id: _id, ...step }) => step),
    };
  }
}
