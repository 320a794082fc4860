// A draft order written by the API for one of the organization's customers: one line of a one-time product, no
// number, no tax and no event yet (finalize-order.ts makes it an order the customer can pay).
import type { OrderCreate } from '../../contracts/order-create';
import { newId } from '../../kernel/ids';
import { invalidField, RequestValidationError } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import { draftCharge } from './draft-order.logic';
import { Order, OrderItem } from './order.entity';
import type { OrderDeps } from './order-deps';

/** Writes a `draft` order (nothing is sent: `order.created` comes with the finalize). */
export async function createDraftOrder(deps: OrderDeps, tx: Tx, organizationId: string, body: OrderCreate) {
  const customer = await deps.customers.find(tx.em, organizationId, body.customer_id);
  if (!customer) throw invalidField(['body', 'customer_id'], 'Customer not found.');
  const [product] = await deps.products.outputsByIds(tx.em, organizationId, [body.product_id]);
  if (!product) throw invalidField(['body', 'product_id'], 'Product not found.');
  const organization = await deps.organizations.findOrganization(tx.em, organizationId);
  const currency = body.currency ?? organization.defaultPresentmentCurrency;
  const charge = draftCharge(product, { currency, amount: body.amount ?? null, units: body.units ?? null });
  if ('loc' in charge) throw new RequestValidationError([charge]);
  const now = deps.clock.now();
  const order = tx.em.create(Order, {
    id: newId(),
    organizationId,
    status: 'draft',
    billingReason: 'purchase',
    customerId: customer.id,
    productId: product.id,
    productPriceId: charge.price.id,
    discountId: null,
    currency,
    subtotalAmount: charge.amount,
    discountAmount: 0,
    netAmount: charge.amount,
    taxAmount: 0,
    totalAmount: charge.amount,
    refundedAmount: 0,
    refundedTaxAmount: 0,
    billingName: customer.billingName ?? customer.name,
    billingAddress: customer.billingAddress,
    taxId: customer.taxId,
    // The price's own behaviour (null: decided by the buyer's country when finalized).
    taxBehavior:
      charge.price.tax_behavior === 'inclusive' || charge.price.tax_behavior === 'exclusive'
        ? charge.price.tax_behavior
        : null,
    description: body.description ?? product.name,
    metadata: body.metadata,
    customFieldData: body.custom_field_data,
    createdAt: now,
  });
  await tx.em.flush(); // the order row first: its item refers to it
  tx.em.create(OrderItem, {
    id: newId(),
    orderId: order.id,
    label: body.description ?? product.name,
    amount: charge.amount,
    taxAmount: 0,
    proration: false,
    productPriceId: charge.price.id,
    position: 0,
    createdAt: now,
  });
  await tx.em.flush();
  return order;
}
