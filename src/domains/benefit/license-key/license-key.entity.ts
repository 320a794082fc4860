import { EntitySchema } from '@mikro-orm/core';

export type LicenseKeyStatus = 'granted' | 'revoked' | 'disabled';
export type ActivationValues = Record<string, string | number | boolean>;

/** A key a license-keys grant gave a customer; stored in plain text, as the reference does, to be shown again. */
export class LicenseKey {
  id!: string;
  organizationId!: string;
  customerId!: string;
  benefitId!: string;
  grantId!: string;
  /** The member a seat's grant gave the key to (null: the customer's own). */
  memberId: string | null = null;
  key!: string;
  status!: LicenseKeyStatus;
  limitActivations: number | null = null;
  usage = 0;
  limitUsage: number | null = null;
  validations = 0;
  lastValidatedAt: Date | null = null;
  expiresAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

/** One device or installation a key is activated on; deactivating soft-deletes it. */
export class LicenseKeyActivation {
  id!: string;
  licenseKeyId!: string;
  label!: string;
  conditions: ActivationValues = {};
  meta: ActivationValues = {};
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

/** An organization's Ed25519 key pair for offline-verifiable license tokens; retired keys still verify old tokens. */
export class LicenseSigningKey {
  organizationId!: string;
  version!: number;
  /** SPKI, PEM. */
  publicKey!: string;
  /** PKCS#8 PEM, sealed with the environment's secret. */
  sealedPrivateKey!: string;
  createdAt!: Date;
  retiredAt: Date | null = null;
}

export const LicenseKeySchema = new EntitySchema<LicenseKey>({
  class: LicenseKey,
  tableName: 'license_key',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    benefitId: { type: 'uuid' },
    grantId: { type: 'uuid' },
    memberId: { type: 'uuid', nullable: true },
    key: { type: 'text' },
    status: { type: 'text' },
    limitActivations: { type: 'integer', nullable: true },
    usage: { type: 'integer' },
    limitUsage: { type: 'integer', nullable: true },
    validations: { type: 'integer' },
    lastValidatedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const LicenseKeyActivationSchema = new EntitySchema<LicenseKeyActivation>({
  class: LicenseKeyActivation,
  tableName: 'license_key_activation',
  properties: {
    id: { type: 'uuid', primary: true },
    licenseKeyId: { type: 'uuid' },
    label: { type: 'text' },
    conditions: { type: 'json' },
    meta: { type: 'json' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const LicenseSigningKeySchema = new EntitySchema<LicenseSigningKey>({
  class: LicenseSigningKey,
  tableName: 'license_signing_key',
  properties: {
    organizationId: { type: 'uuid', primary: true },
    version: { type: 'integer', primary: true },
    publicKey: { type: 'text' },
    sealedPrivateKey: { type: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    retiredAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
