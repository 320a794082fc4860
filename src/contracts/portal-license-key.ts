// A license key as the customer portal shows it, with or without its activations, their list and its query.
import { z } from 'zod';
import { Uuid } from './common';
import { LicenseKeyActivationBase } from './license-key-activation';
import { LicenseKeyRead } from './license-key';
import { ListResource } from './list-resource';
import { PortalLicenseKeyCustomer } from './portal-license-key-customer';
import { PageQuery, queryOne } from './query-params';

/** The portal's LicenseKeyRead and LicenseKeyWithActivations: the API's, with the customer as the portal shows them. */
export const PortalLicenseKeyRead = LicenseKeyRead.extend({ customer: PortalLicenseKeyCustomer }).meta({
  id: 'PortalLicenseKeyRead',
});
export type PortalLicenseKeyRead = z.infer<typeof PortalLicenseKeyRead>;
/** The portal's RotatedLicenseKey: the key with its new key string, as its holder sees it. */
export const PortalRotatedLicenseKey = PortalLicenseKeyRead.meta({ id: 'PortalRotatedLicenseKey' });
export const PortalLicenseKeyWithActivations = PortalLicenseKeyRead.extend({
  activations: z.array(LicenseKeyActivationBase),
}).meta({
  id: 'PortalLicenseKeyWithActivations',
});
export type PortalLicenseKeyWithActivations = z.infer<typeof PortalLicenseKeyWithActivations>;
export const PortalLicenseKeyList = ListResource(PortalLicenseKeyRead).meta({
  id: 'ListResource_PortalLicenseKeyRead_',
});

export const PortalLicenseKeyListQuery = z.object({ ...PageQuery, benefit_id: queryOne(Uuid.optional()) });
export type PortalLicenseKeyListQuery = z.infer<typeof PortalLicenseKeyListQuery>;
