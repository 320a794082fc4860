// The customer portal's subscriptions: the caller's own, listed and read as CustomerSubscription, canceled at period
// end (with the customer's reason) or uncanceled, and moved to another product or seat count when the organization
// allows it. Every change is the same Update of the subscription's workflow as the API's, with the same refusals and
// webhooks; revoking at once stays the organization's to do.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdParams } from '../../contracts/common';
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import { CustomerSubscription, CustomerSubscriptionList } from '../../contracts/portal-subscription';
import { CustomerSubscriptionListQuery } from '../../contracts/portal-subscription-list-query';
import { CustomerSubscriptionUpdate } from '../../contracts/portal-subscription-update';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import { invalidField } from '../../kernel/errors';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import type {
  Subscription,
  SubscriptionCommand,
  SubscriptionCommandService,
  SubscriptionService,
} from '../subscription';
import { assertPortalAllows, customerOrganization, PORTAL_PRORATION } from './portal-organization';

export interface PortalSubscriptionRouteDeps {
  subscriptions: SubscriptionService;
  commands: SubscriptionCommandService;
  products: ProductService;
  organizations: OrganizationService;
}

export function portalSubscriptionRoutes(deps: PortalSubscriptionRouteDeps): RouteDefinition[] {
  const { subscriptions, commands, organizations } = deps;

  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/subscriptions/',
      summary: "List the customer's subscriptions",
      query: CustomerSubscriptionListQuery,
      status: 200,
      response: CustomerSubscriptionList,
      async handler({ customer, tx, query }) {
        const { organizationId, customerId } = customer;
        const page = await subscriptions.list(tx.em, organizationId, {
          ...query,
          sorting: apiSorting(query.sorting),
          customer_id: [customerId],
          metadata: {},
        });
        const organization = await customerOrganization(tx.em, organizations, organizationId);
        return {
          items: customerSubscriptions(await subscriptions.outputs(tx.em, page.items), organization),
          pagination: page.pagination,
        };
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/subscriptions/:id',
      summary: "Get one of the customer's subscriptions",
      params: IdParams,
      status: 200,
      response: CustomerSubscription,
      async handler({ customer, tx, params }) {
        const subscription = await subscriptions.getOfCustomer(
          tx.em,
          customer.organizationId,
          customer.customerId,
          params.id,
        );
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        return customerSubscriptions(await subscriptions.outputs(tx.em, [subscription]), organization)[0];
      },
    }),
    defineCustomerRoute({
      method: 'patch',
      path: '/v1/customer-portal/subscriptions/:id',
      summary: 'Cancel at period end, uncancel, or change the product or seats of one of the customer’s subscriptions',
      params: IdParams,
      body: CustomerSubscriptionUpdate,
      status: 200,
      response: CustomerSubscription,
      outsideTransaction: true,
      // An Update of subscription:<id>: writes the change; subscription.updated (+ canceled / uncanceled).
      async handler({ customer, tx, params, body }) {
        const subscription = await subscriptions.getOfCustomer(
          tx.em,
          customer.organizationId,
          customer.customerId,
          params.id,
        );
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        const command = await portalCommand(tx.em, deps.products, subscription, organization, body);
        return customerSubscriptions(
          [await commands.send(customer.organizationId, params.id, command)],
          organization,
        )[0];
      },
    }),
    defineCustomerRoute({
      method: 'delete',
      path: '/v1/customer-portal/subscriptions/:id',
      summary: 'Cancel one of the customer’s subscriptions at the end of its period',
      params: IdParams,
      status: 200,
      response: CustomerSubscription,
      outsideTransaction: true,
      async handler({ customer, tx, params }) {
        await subscriptions.getOfCustomer(tx.em, customer.organizationId, customer.customerId, params.id);
        const organization = await customerOrganization(tx.em, organizations, customer.organizationId);
        const canceled = await commands.send(customer.organizationId, params.id, {
          kind: 'cancel',
          reason: null,
          comment: null,
        });
        return customerSubscriptions([canceled], organization)[0];
      },
    }),
  ];
}

/**
 * The workflow command for a portal request. A product or seat change needs the organization's leave; a customer can
 * move only to a product offered to the public (another is "no such product", as one of another organization).
 */
async function portalCommand(
  em: EntityManager,
  products: ProductService,
  subscription: Subscription,
  organization: CustomerOrganization,
  body: CustomerSubscriptionUpdate,
): Promise<SubscriptionCommand> {
  if ('cancel_at_period_end' in body) {
    if (!body.cancel_at_period_end) return { kind: 'uncancel' };
    return { kind: 'cancel', reason: body.cancellation_reason ?? null, comment: body.cancellation_comment ?? null };
  }
  const proration = PORTAL_PRORATION;
  if ('seats' in body) {
    assertPortalAllows(organization, 'update_seats');
    return { kind: 'change', seats: body.seats, proration };
  }
  assertPortalAllows(organization, 'update_plan');
  if (body.product_id !== subscription.productId) {
    const [target] = await products.outputsByIds(em, subscription.organizationId, [body.product_id]);
    if (target && target.visibility !== 'public')
      throw invalidField(['body', 'product_id'], 'No such product in this organization.');
  }
  return { kind: 'change', productId: body.product_id, proration };
}

/** The API's subscriptions as the portal shows them: no metadata, custom field data, customer or discount. */
function customerSubscriptions(
  outputs: SubscriptionOutput[],
  organization: CustomerOrganization,
): CustomerSubscription[] {
  return outputs.map((output) =>
    CustomerSubscription.parse({ ...output, product: { ...output.product, organization } }),
  );
}

/** The caller's subscriptions are all of one organization: sorting by it changes nothing. */
function apiSorting(sorting: CustomerSubscriptionListQuery['sorting']): SubscriptionListQuery['sorting'] {
  const kept = sorting.filter(
    (value): value is Exclude<typeof value, 'organization' | '-organization'> => !value.endsWith('organization'),
  );
  return kept.length ? kept : ['-started_at'];
}
