// A new organization, by the CLI or over the API: its name, a free slug, its owner and the settings the request sets.
// No webhook: the reference sends none for a creation, and the new organization has no endpoints yet.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrganizationUpdate } from '../../contracts/organization-update';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { flushUnique } from '../../platform/database/flush-unique';
import { Organization } from './organization.entity';
import { slugify } from './organization.logic';
import { organizationChanges } from './organization-changes';

export interface NewOrganization {
  name: string;
  /** Absent: made from the name. */
  slug?: string;
  ownerEmail?: string | null;
  /** The settings an update could set, applied from the start (the API's `OrganizationCreate`). */
  settings?: Omit<OrganizationUpdate, 'name' | 'slug' | 'owner_email'>;
}

const slugTaken = () => invalidField(['body', 'slug'], 'An organization with this slug already exists.');

/** A slug another organization has is a 422 on `slug` (a concurrent twin is refused by the unique index alike). */
export async function createOrganization(
  deps: { clock: Clock },
  em: EntityManager,
  input: NewOrganization,
): Promise<Organization> {
  const slug = input.slug ?? slugify(input.name);
  if (await em.count(Organization, { slug })) throw slugTaken();
  const organization = em.create(Organization, {
    id: newId(),
    name: input.name,
    slug,
    ownerEmail: input.ownerEmail ?? null,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  Object.assign(organization, organizationChanges(input.settings ?? {}));
  await flushUnique(em, slugTaken);
  return organization;
}
