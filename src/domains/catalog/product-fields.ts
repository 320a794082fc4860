// A product's own fields as an update sets them (each left alone when the update leaves it out).
import type { ProductUpdate } from '../../contracts/product-update';
import type { Product } from './catalog.entity';
import { attachedFields } from './product-attachments';

export function applyProductFields(product: Product, input: ProductUpdate): void {
  if (input.name != null) product.name = input.name;
  if (input.description !== undefined) product.description = input.description;
  if (input.visibility != null) product.visibility = input.visibility;
  if (input.is_archived != null) product.isArchived = input.is_archived;
  if (input.metadata !== undefined) product.metadata = input.metadata;
  if (input.recurring_interval != null) product.recurringInterval = input.recurring_interval;
  if (input.recurring_interval_count != null) product.recurringIntervalCount = input.recurring_interval_count;
  if (input.trial_interval !== undefined) product.trialInterval = input.trial_interval;
  if (input.trial_interval_count !== undefined) product.trialIntervalCount = input.trial_interval_count;
  if (input.medias != null) product.mediaIds = [...new Set(input.medias)];
  if (input.attached_custom_fields != null) product.customFields = attachedFields(input.attached_custom_fields);
}
