// The catalog's refusals by name.
import { BursarError } from '../../kernel/errors';

/** A product that orders, subscriptions, checkouts or discounts hold can only be archived (409, as the reference). */
export class ProductNotDeletable extends BursarError {
  readonly code = 'ProductNotDeletable';
}
