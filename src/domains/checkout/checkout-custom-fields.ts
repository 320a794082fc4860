// A session's custom field values checked against its product's fields (a 422 listing every issue).
import type { Product as ProductOutput } from '../../contracts/product';
import { RequestValidationError } from '../../kernel/errors';
import type { Checkout } from './checkout.entity';
import { customFieldIssues, type AttachedFieldRule } from './custom-field-data.logic';

/** The session's custom field values against its product's fields; `complete` also requires the required ones. */
export function checkCustomFields(checkout: Checkout, products: ProductOutput[], complete: boolean): void {
  const product = products.find((p) => p.id === checkout.productId);
  const rules = (product?.attached_custom_fields ?? []).map((f) => ({
    slug: f.custom_field.slug,
    type: f.custom_field.type,
    required: f.required,
    properties: f.custom_field.properties as AttachedFieldRule['properties'],
  }));
  const issues = customFieldIssues(rules, checkout.customFieldData, complete);
  if (issues.length) throw new RequestValidationError(issues);
}
