// The license key list and its query: organizations, benefits and statuses.
import { z } from 'zod';
import { Uuid } from './common';
import { LicenseKeyRead, LicenseKeyStatus } from './license-key';
import { ListResource } from './list-resource';
import { PageQuery, queryMany } from './query-params';

export const LicenseKeyList = ListResource(LicenseKeyRead).meta({ id: 'ListResource_LicenseKeyRead_' });
export const LicenseKeyListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  benefit_id: queryMany(Uuid),
  status: queryMany(LicenseKeyStatus),
});
export type LicenseKeyListQuery = z.infer<typeof LicenseKeyListQuery>;
