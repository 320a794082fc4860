// A product as the API shows it without its prices and attachments: what discounts embed.
import type { ProductSummary } from '../../contracts/product';
import type { Product } from './catalog.entity';

/** The product without its prices and attachments: what discounts embed. */
export function productSummary(product: Product): ProductSummary {
  return {
    metadata: product.metadata,
    id: product.id,
    created_at: product.createdAt.toISOString(),
    modified_at: product.modifiedAt?.toISOString() ?? null,
    trial_interval: product.trialInterval,
    trial_interval_count: product.trialIntervalCount,
    name: product.name,
    description: product.description,
    visibility: product.visibility,
    recurring_interval: product.recurringInterval,
    recurring_interval_count: product.recurringIntervalCount,
    meter_interval: product.meterInterval,
    meter_interval_count: product.meterIntervalCount,
    is_recurring: product.recurringInterval !== null,
    is_archived: product.isArchived,
    organization_id: product.organizationId,
  };
}
