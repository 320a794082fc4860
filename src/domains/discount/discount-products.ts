// The products a discount is restricted to: each one of the organization's, kept once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RequestValidationError } from '../../kernel/errors';
import type { DiscountDeps } from './discount-deps';

export async function checkedProducts(
  deps: Pick<DiscountDeps, 'products'>,
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  const found = new Set((await deps.products.findByIds(em, organizationId, ids)).map((p) => p.id));
  const missing = ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
  if (missing.length) {
    throw new RequestValidationError(
      missing.map(({ i }) => ({
        loc: ['body', 'products', i],
        msg: 'No such product in this organization.',
        type: 'unknown_product',
      })),
    );
  }
  return [...new Set(ids)];
}
