// A discount's code: unique per organization ignoring case, found by it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidField } from '../../kernel/errors';
import { Discount } from './discount.entity';

/** The unique index on (organization, lower(code)) settles races between two creates of one code. */
export const codeTaken = () =>
  invalidField(['body', 'code'], 'Another discount of this organization already uses this code.', 'duplicate');

/** A live discount by its code, ignoring case. */
export async function discountByCode(
  em: EntityManager,
  organizationId: string,
  code: string,
): Promise<Discount | null> {
  const [row] = await em.execute<{ id: string }[]>(
    'select id from discount where organization_id = ? and lower(code) = lower(?) and deleted_at is null',
    [organizationId, code],
  );
  return row ? em.findOne(Discount, { id: row.id }) : null;
}
