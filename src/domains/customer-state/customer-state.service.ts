// A customer with what they hold now — active subscriptions, granted benefits, meters — read on demand and sent as
// customer.state_changed after every change to any of them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { CustomerState } from '../../contracts/customer-state';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { BenefitGrantQueries } from '../benefit';
import { customerOutput, type customerOutputs, type liveCustomer, type liveCustomerByExternalId } from '../customer';
import type { CustomerMeterQueries } from '../meter';
import type { SubscriptionQueries } from '../subscription';

export interface CustomerStateDeps {
  outbox: OutboxService;
  /** The customer domain's reads (customer.reads.ts). */
  customers: {
    get: typeof liveCustomer;
    getByExternalId: typeof liveCustomerByExternalId;
    outputs: typeof customerOutputs;
  };
  subscriptions: SubscriptionQueries;
  grants: Pick<BenefitGrantQueries, 'grantedBenefits'>;
  meters: CustomerMeterQueries;
}

export class CustomerStateService {
  constructor(private readonly deps: CustomerStateDeps) {}

  /** `GET /v1/customers/{id}/state`: a live customer's state (404 otherwise). */
  async get(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerState> {
    return this.stateOf(em, customerOutput(await this.deps.customers.get(em, organizationId, customerId)));
  }

  /** `GET /v1/customers/external/{external_id}/state`. */
  async getByExternalId(em: EntityManager, organizationId: string, externalId: string): Promise<CustomerState> {
    return this.stateOf(em, customerOutput(await this.deps.customers.getByExternalId(em, organizationId, externalId)));
  }

  /**
   * Enqueues customer.state_changed in the caller's transaction, with the state as that transaction sees it. A
   * deleted customer holds nothing any more: its state has empty lists (and `deleted_at` set).
   */
  async changed(tx: Tx, organizationId: string, customerId: string): Promise<void> {
    const [customer] = await this.deps.customers.outputs(tx.em, organizationId, [customerId]);
    if (!customer) return;
    const state = customer.deleted_at ? holdingNothing(customer) : await this.stateOf(tx.em, customer);
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.state_changed', state);
  }

  /**
   * customer.state_changed of a customer written in the caller's transaction just now, without an external id (no
   * earlier usage event names it): it holds nothing yet, so nothing is read — the event `changed` would enqueue.
   */
  changedNew(tx: Tx, customer: CustomerOutput): void {
    this.deps.outbox.enqueueEvent(tx, customer.organization_id, 'customer.state_changed', holdingNothing(customer));
  }

  private async stateOf(em: EntityManager, customer: CustomerOutput): Promise<CustomerState> {
    const { organization_id: organizationId, id } = customer;
    return {
      ...customer,
      active_subscriptions: await this.deps.subscriptions.activeFor(em, organizationId, id),
      granted_benefits: await this.deps.grants.grantedBenefits(em, organizationId, id),
      active_meters: await this.deps.meters.activeFor(em, organizationId, id),
    };
  }
}

/** The state of a customer that holds nothing: just created, or deleted. */
function holdingNothing(customer: CustomerOutput): CustomerState {
  return { ...customer, active_subscriptions: [], granted_benefits: [], active_meters: [] };
}
