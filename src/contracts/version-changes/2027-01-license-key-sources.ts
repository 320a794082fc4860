// 2027-01: validating or activating a key names the subscription or order that granted it.
import type { SchemaChange, VersionChange } from '../version-change';

const sources: SchemaChange = { added: ['subscription_id', 'subscription', 'order_id', 'order'] };

export const LICENSE_KEY_SOURCES: VersionChange = {
  version: '2027-01',
  description: 'Validated and newly activated license keys gain subscription_id, subscription, order_id and order.',
  schemas: { ValidatedLicenseKey: sources, GrantedLicenseKey: sources },
};
