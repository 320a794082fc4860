// The customer portal's orders (the reference's CustomerOrder): the caller's own orders, with the product and the
// organization as a customer sees them — no metadata, custom field data or embedded customer.
import { z } from 'zod';
import { BENEFIT_TYPES } from './benefit-type';
import { CheckoutOrganization } from './checkout-organization';
import { ListResource } from './list-resource';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { ProductMediaFileRead } from './file';
import { Order, OrderUpdate, ProductBillingType } from './order';
import { ProductPrice } from './price';
import { ProductSummary } from './product';
import { OrderSubscription } from './order-subscription';

export const OrganizationCustomerPortalSettings = z
  .object({
    usage: z.object({ show: z.boolean() }),
    subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean(), pause: z.boolean() }),
  })
  .meta({ id: 'OrganizationCustomerPortalSettings' });

export const CustomerOrganization = CheckoutOrganization.extend({
  proration_behavior: z.enum(['invoice', 'prorate', 'next_period', 'reset']),
  customer_portal_settings: OrganizationCustomerPortalSettings,
  organization_features: z.object({ member_model_enabled: z.boolean(), checkout_localization_enabled: z.boolean() }),
}).meta({ id: 'CustomerOrganization' });
export type CustomerOrganization = z.infer<typeof CustomerOrganization>;

export const BenefitPublic = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    type: z.enum(BENEFIT_TYPES),
    description: z.string(),
    selectable: z.boolean(),
    deletable: z.boolean(),
    is_deleted: z.boolean(),
    organization_id: Uuid,
  })
  .meta({ id: 'BenefitPublic' });

/** A product as the portal shows it (CustomerOrderProduct and CustomerSubscriptionProduct have the same fields). */
export const customerProduct = (id: string) =>
  ProductSummary.omit({ metadata: true })
    .extend({
      prices: z.array(ProductPrice),
      benefits: z.array(BenefitPublic),
      medias: z.array(ProductMediaFileRead),
      organization: CustomerOrganization,
    })
    .meta({ id });

export const CustomerOrderProduct = customerProduct('CustomerOrderProduct');
export const CustomerOrderSubscription = OrderSubscription.omit({ metadata: true }).meta({
  id: 'CustomerOrderSubscription',
});

/** The organization's order less what is the organization's alone (metadata, custom fields, fees). */
export const CustomerOrder = Order.omit({
  product_price: true,
  metadata: true,
  custom_field_data: true,
  platform_fee_amount: true,
  platform_fee_currency: true,
  customer: true,
  discount: true,
})
  .extend({
    product: CustomerOrderProduct.nullable(),
    subscription: CustomerOrderSubscription.nullable(),
  })
  .meta({ id: 'CustomerOrder' });
export type CustomerOrder = z.infer<typeof CustomerOrder>;

export const CustomerOrderList = ListResource(CustomerOrder).meta({ id: 'ListResource_CustomerOrder_' });

export const CUSTOMER_ORDER_SORT_FIELDS = ['created_at', 'amount', 'net_amount', 'product', 'subscription'] as const;
export const CustomerOrderListQuery = z.object({
  ...PageQuery,
  product_id: queryMany(Uuid),
  product_billing_type: queryMany(ProductBillingType),
  subscription_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_ORDER_SORT_FIELDS, ['-created_at']),
});
export type CustomerOrderListQuery = z.infer<typeof CustomerOrderListQuery>;

/** The billing name and address for the invoice, with the same rules as the organization's order update. */
export const CustomerOrderUpdate = OrderUpdate.meta({ id: 'CustomerOrderUpdate' });

export const CustomerOrderInvoice = z.object({ url: z.string() }).meta({ id: 'CustomerOrderInvoice' });
export const CustomerOrderReceipt = z.object({ url: z.string() }).meta({ id: 'CustomerOrderReceipt' });
export const CustomerOrderInvoiceRequested = z.object({
  order_id: Uuid,
  invoice_number: z.string().nullable(),
  status: z.enum(['generating', 'generated']),
});

/**
 * How the order's payment stands: `succeeded` once paid (refunds included), `pending` while it is awaited, `failed`
 * when the last attempt was declined (dunning retries it at `next_payment_attempt_at`) or the order was voided.
 */
export const CustomerOrderPaymentStatus = z
  .object({ status: z.enum(['succeeded', 'pending', 'failed']), error: z.string().nullable() })
  .meta({ id: 'CustomerOrderPaymentStatus' });
export type CustomerOrderPaymentStatus = z.infer<typeof CustomerOrderPaymentStatus>;
