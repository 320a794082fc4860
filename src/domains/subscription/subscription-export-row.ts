// One subscription as a row of the CSV export (columns: SUBSCRIPTION_EXPORT_COLUMNS), its dates in the asked zone.
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { SubscriptionExportColumn } from '../../contracts/subscription-list-query';
import type { CsvCell } from '../../platform/http/csv-download';
import { isoInZone } from '../../kernel/zoned-time';
import type { Subscription } from './subscription.entity';

export type SubscriptionExportRow = Record<SubscriptionExportColumn, CsvCell>;

export interface SubscriptionRelations {
  customer: CustomerOutput | undefined;
  productName: string | undefined;
  discountName: string | null | undefined;
}

/** `amount` is the recurring price before discount, `net_amount` after it (what each renewal charges before tax). */
export function subscriptionExportRow(
  s: Subscription,
  { customer, productName, discountName }: SubscriptionRelations,
  timeZone: string,
): SubscriptionExportRow {
  const at = (date: Date | null) => date && isoInZone(date, timeZone);
  return {
    id: s.id,
    customer_id: s.customerId,
    customer_external_id: customer?.external_id,
    product_id: s.productId,
    email: customer?.email,
    started_at: at(s.startedAt),
    product: productName,
    amount: s.priceAmount,
    currency: s.currency,
    status: s.status,
    recurring_interval: s.recurringInterval,
    customer_name: customer?.name,
    billing_name: s.billingName,
    billing_country: s.billingAddress?.country,
    net_amount: s.amount,
    discount: discountName,
    seats: s.seats,
    current_period_start: at(s.currentPeriodStart),
    current_period_end: at(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: at(s.canceledAt),
    ends_at: at(s.endsAt),
    ended_at: at(s.endedAt),
    cancellation_reason: s.customerCancellationReason,
    trial_start: at(s.trialStart),
    trial_end: at(s.trialEnd),
  };
}
