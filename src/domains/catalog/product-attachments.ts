// What a product attaches besides prices: its media (uploaded product_media files) and the custom fields checkouts
// collect, each checked to be the organization's.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ValidationIssue } from '../../kernel/errors';
import type { AttachedField } from './catalog.entity';
import type { ProductDeps } from './product-deps';

/** Media that are not the organization's uploaded product_media files, custom fields unknown or attached twice. */
export async function attachmentIssues(
  deps: Pick<ProductDeps, 'files' | 'customFields'>,
  em: EntityManager,
  organizationId: string,
  input: { medias?: string[] | null; attached_custom_fields?: { custom_field_id: string }[] | null },
): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  const medias = input.medias ?? [];
  const foundMedia = new Set((await deps.files.uploaded(em, organizationId, medias, 'product_media')).map((m) => m.id));
  medias.forEach((id, i) => {
    if (!foundMedia.has(id))
      issues.push({
        loc: ['body', 'medias', i],
        msg: 'No uploaded product_media file with this id in this organization.',
        type: 'unknown_file',
      });
  });
  const fields = (input.attached_custom_fields ?? []).map((f) => f.custom_field_id);
  const foundFields = new Set((await deps.customFields.findByIds(em, organizationId, fields)).map((f) => f.id));
  fields.forEach((id, i) => {
    if (!foundFields.has(id))
      issues.push({
        loc: ['body', 'attached_custom_fields', i, 'custom_field_id'],
        msg: 'No such custom field in this organization.',
        type: 'unknown_custom_field',
      });
    else if (fields.indexOf(id) !== i)
      issues.push({
        loc: ['body', 'attached_custom_fields', i, 'custom_field_id'],
        msg: 'Attached twice.',
        type: 'duplicate',
      });
  });
  return issues;
}

export function attachedFields(fields: { custom_field_id: string; required: boolean }[]): AttachedField[] {
  return fields.map((f) => ({ custom_field_id: f.custom_field_id, required: f.required }));
}
