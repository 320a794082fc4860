// Custom fields: CRUD, slugs unique per organization; deleting one detaches it from every product.
import { flushUnique } from '../../../platform/database/flush-unique';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldCreate } from '../../../contracts/custom-field-create';
import type { CustomFieldListQuery } from '../../../contracts/custom-field-list-query';
import type { CustomFieldUpdate } from '../../../contracts/custom-field-update';
import { likeContains } from '../../../platform/database/list-query';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import type { Clock } from '../../../kernel/clock';
import { RequestValidationError, invalidField } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import { CustomField } from './custom-field.entity';
import { customFieldPropertyIssues } from './custom-field.logic';

const SORT_COLUMNS = { created_at: 'createdAt', slug: 'slug', name: 'name', type: 'type' } as const;
const fields = new OwnedRepository(CustomField, { label: 'Custom field' });

export class CustomFieldService {
  constructor(private readonly clock: Clock) {}

  async create(em: EntityManager, organizationId: string, input: CustomFieldCreate): Promise<CustomField> {
    checkProperties(input.type, input.properties);
    await this.assertSlugFree(em, organizationId, input.slug);
    const field = em.create(CustomField, {
      id: newId(),
      organizationId,
      type: input.type,
      slug: input.slug,
      name: input.name,
      properties: input.properties,
      metadata: input.metadata,
      createdAt: this.clock.now(),
      modifiedAt: null,
    });
    await flushUnique(em, () => slugTaken(input.slug));
    return field;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<CustomField> {
    return fields.get(em, organizationId, id);
  }

  async update(em: EntityManager, organizationId: string, id: string, input: CustomFieldUpdate): Promise<CustomField> {
    const field = await this.get(em, organizationId, id);
    if (input.type !== field.type)
      throw invalidField(['body', 'type'], `This custom field is of type "${field.type}"; its type cannot change.`);
    if (input.slug != null && input.slug !== field.slug) {
      await this.assertSlugFree(em, organizationId, input.slug);
      field.slug = input.slug;
    }
    if (input.name != null) field.name = input.name;
    if (input.properties != null) {
      checkProperties(field.type, input.properties);
      field.properties = input.properties;
    }
    if (input.metadata !== undefined) field.metadata = input.metadata;
    field.modifiedAt = this.clock.now();
    await flushUnique(em, () => slugTaken(field.slug));
    return field;
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

  private async assertSlugFree(em: EntityManager, organizationId: string, slug: string): Promise<void> {
    if (await em.count(CustomField, { organizationId, slug })) throw slugTaken(slug);
  }
}

const slugTaken = (slug: string) =>
  invalidField(['body', 'slug'], `A custom field with slug "${slug}" already exists.`, 'duplicate');

function checkProperties(type: string, properties: Record<string, unknown>): void {
  const issues = customFieldPropertyIssues(type, properties, ['body', 'properties']);
  if (issues.length) throw new RequestValidationError(issues);
}
