// Custom fields: CRUD, slugs unique per organization; deleting one detaches it from every product.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomField as CustomFieldOutput, CustomFieldCreate, CustomFieldListQuery, CustomFieldUpdate } from '../../contracts/custom-field';
import { listPage, likeContains, orderBySorting, whereMetadata } from '../../app/list-query';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, ResourceNotFound, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { CustomField } from './catalog.entity';
import { customFieldPropertyIssues } from './catalog.logic';

const SORT_COLUMNS = { created_at: 'createdAt', slug: 'slug', name: 'name', type: 'type' } as const;

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
    await em.flush();
    return field;
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<CustomField> {
    const field = await em.findOne(CustomField, { id, organizationId });
    if (!field) throw new ResourceNotFound('Custom field not found.');
    return field;
  }

  async update(em: EntityManager, organizationId: string, id: string, input: CustomFieldUpdate): Promise<CustomField> {
    const field = await this.get(em, organizationId, id);
    if (input.type !== field.type) throw invalidField(['body', 'type'], `This custom field is of type "${field.type}"; its type cannot change.`);
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
    await em.flush();
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

  async list(em: EntityManager, organizationId: string, query: CustomFieldListQuery) {
    const qb = em.createQueryBuilder(CustomField, 'f').where({ organizationId });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.type) qb.andWhere({ type: { $in: query.type } });
    if (query.query) qb.andWhere({ $or: [{ name: { $ilike: likeContains(query.query) } }, { slug: { $ilike: likeContains(query.query) } }] });
    whereMetadata(qb, 'f', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
  }

  async findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomField[]> {
    return ids.length ? em.find(CustomField, { organizationId, id: { $in: [...ids] } }) : [];
  }

  private async assertSlugFree(em: EntityManager, organizationId: string, slug: string): Promise<void> {
    if (await em.count(CustomField, { organizationId, slug })) {
      throw invalidField(['body', 'slug'], `A custom field with slug "${slug}" already exists.`, 'duplicate');
    }
  }
}

function checkProperties(type: string, properties: Record<string, unknown>): void {
  const issues = customFieldPropertyIssues(type, properties, ['body', 'properties']);
  if (issues.length) throw new RequestValidationError(issues);
}

export function customFieldOutput(field: CustomField): CustomFieldOutput {
  return {
    created_at: field.createdAt.toISOString(),
    modified_at: field.modifiedAt?.toISOString() ?? null,
    id: field.id,
    metadata: field.metadata,
    type: field.type,
    slug: field.slug,
    name: field.name,
    organization_id: field.organizationId,
    properties: field.properties,
  } as CustomFieldOutput;
}
