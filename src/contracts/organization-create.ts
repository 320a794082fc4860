// What a new organization is created with over the API (`OrganizationCreate`), and the answer that carries its first
// access token, shown this once.
import type { z } from 'zod';
import { Organization } from './organization';
import { OrganizationAccessTokenCreateResponse } from './organization-access-token';
import { OrganizationUpdate } from './organization-update';

/** The update's fields with a name and a slug required; the owner is the caller's (no `owner_email` here). */
export const OrganizationCreate = OrganizationUpdate.omit({ name: true, slug: true, owner_email: true })
  .extend({
    name: OrganizationUpdate.shape.name.unwrap().unwrap(),
    slug: OrganizationUpdate.shape.slug.unwrap().unwrap(),
  })
  .meta({ id: 'OrganizationCreate' });
export type OrganizationCreate = z.infer<typeof OrganizationCreate>;

/** The reference's `Organization`, and (Bursar's own) `first_access_token`: the new organization's first token. */
export const OrganizationCreated = Organization.extend({
  first_access_token: OrganizationAccessTokenCreateResponse,
}).meta({ id: 'OrganizationCreated' });
export type OrganizationCreated = z.infer<typeof OrganizationCreated>;
