// 2026-10: license keys name the team member they are assigned to.
import type { SchemaChange, VersionChange } from '../version-change';

const member: SchemaChange = { added: ['member_id', 'member'] };

export const LICENSE_KEY_MEMBERS: VersionChange = {
  version: '2026-10',
  description: 'License keys gain member_id and member.',
  schemas: Object.fromEntries(
    [
      'LicenseKeyRead',
      'LicenseKeyWithActivations',
      'ValidatedLicenseKey',
      'GrantedLicenseKey',
      'PortalLicenseKeyRead',
      'PortalLicenseKeyWithActivations',
      'RotatedLicenseKey',
      'PortalRotatedLicenseKey',
    ].map((id) => [id, member]),
  ),
};
