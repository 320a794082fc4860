// A customer's timeline as the organization sees it (by id or external id: with workflow steps and webhook
// deliveries) and as the customer does in the portal (the facts and their causes, and what comes next).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerTimeline, Timeline, TimelineQuery } from '../../contracts/timeline';
import type { CustomerService } from '../customer';
import { customerCause } from './customer-cause.logic';
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

  /**
   * The portal's view: no workflow steps, webhook deliveries, request ids or processor ids (the merchant's plumbing),
   * and causes as the customer reads them.
   */
  async forCustomer(
    em: EntityManager,
    owner: { organizationId: string; customerId: string },
    query: TimelineQuery,
  ): Promise<CustomerTimeline> {
    const timeline = await readTimeline(this.deps, em, owner, query, { deliveries: false });
    return {
      items: timeline.items.map(({ workflow: _workflow, deliveries: _deliveries, ...entry }) => ({
        ...entry,
        cause: customerCause(entry.cause),
        details: withoutProcessorIds(entry.details),
      })),
      pagination: timeline.pagination,
      upcoming: timeline.upcoming.map(({ workflow_id: _id, ...step }) => step),
    };
  }
}

const withoutProcessorIds = ({ charge_id: _charge, ...details }: Record<string, unknown>) => details;
