// The checks a custom field's create and update share: its slug free in the organization, its properties valid for
// its type.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RequestValidationError, invalidField } from '../../../kernel/errors';
import { CustomField } from './custom-field.entity';
import { customFieldPropertyIssues } from './custom-field.logic';

export const slugTaken = (slug: string) =>
  invalidField(['body', 'slug'], `A custom field with slug "${slug}" already exists.`, 'duplicate');

export async function assertSlugFree(em: EntityManager, organizationId: string, slug: string): Promise<void> {
  if (await em.count(CustomField, { organizationId, slug })) throw slugTaken(slug);
}

export function checkProperties(type: string, properties: Record<string, unknown>): void {
  const issues = customFieldPropertyIssues(type, properties, ['body', 'properties']);
  if (issues.length) throw new RequestValidationError(issues);
}
