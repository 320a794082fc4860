// A checkout link's products checked: each the organization's and not archived, or a 422 naming the ones that are not.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RequestValidationError } from '../../../kernel/errors';
import type { LinkDeps } from './checkout-link-deps';

export async function checkLinkProducts(
  deps: Pick<LinkDeps, 'checkouts'>,
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<void> {
  const found = new Set(
    (await deps.checkouts.products(em, organizationId, ids)).filter((p) => !p.is_archived).map((p) => p.id),
  );
  const missing = ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
  if (missing.length)
    throw new RequestValidationError(
      missing.map(({ i }) => ({
        loc: ['body', 'products', i],
        msg: 'No such product in this organization.',
        type: 'unknown_product',
      })),
    );
}
