// Custom fields: CRUD, slugs unique per organization; deleting one detaches it from every product.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldCreate } from '../../../contracts/custom-field-create';
import type { CustomFieldListQuery } from '../../../contracts/custom-field-list-query';
import type { CustomFieldUpdate } from '../../../contracts/custom-field-update';
import { likeContains } from '../../../platform/database/list-query';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import type { Clock } from '../../../kernel/clock';
import { CustomField } from './custom-field.entity';
import { createCustomField } from './create-custom-field';
import { updateCustomField } from './update-custom-field';

const SORT_COLUMNS = { created_at: 'createdAt', slug: 'slug', name: 'name', type: 'type' } as const;
const fields = new OwnedRepository(CustomField, { label: 'Custom field' });

export class CustomFieldService {
  constructor(private readonly clock: Clock) {}

  create(em: EntityManager, organizationId: string, input: CustomFieldCreate): Promise<CustomField> {
    return createCustomField(this.clock, em, organizationId, input);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<CustomField> {
    return fields.get(em, organizationId, id);
  }

  async update(em: EntityManager, organizationId: string, id: string, input: CustomFieldUpdate): Promise<CustomField> {
    return updateCustomField(this.clock, em, await this.get(em, organizationId, id), input);
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    const field = await this.get(em, organizationId, id);
    await em.execute(
      `update product set custom_fields = (
         select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(custom_fields) e where e->>'custom_field_id' <> ?
       ) where organization_id = ? and custom_fields @> ?::jsonb`,
      [id, organizationId, JSON.stringify([{ custom_field_id: id }])],
    );
    await em.removeAndFlush(field);
  }

  list(em: EntityManager, organizationId: string, query: CustomFieldListQuery) {
    return fields.list(em, organizationId, query, {
      alias: 'f',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.type) qb.andWhere({ type: { $in: query.type } });
        if (query.query)
          qb.andWhere({
            $or: [{ name: { $ilike: likeContains(query.query) } }, { slug: { $ilike: likeContains(query.query) } }],
          });
      },
    });
  }

  /** The organization's custom fields among `ids` (products attach them). */
  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomField[]> {
    return fields.findByIds(em, organizationId, ids);
  }
}
