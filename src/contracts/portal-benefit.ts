// What the customer portal shows of what a customer holds: benefit grants (with the benefit as its subscribers see it),
// downloads, license keys and meters — the reference's CustomerBenefitGrant*, DownloadableRead and CustomerCustomerMeter.
import { z } from 'zod';
import { BENEFIT_PROPERTIES_OUTPUT, BENEFIT_TYPES, EXTERNAL_BENEFIT_TYPES, type BenefitType } from './benefit';
import { BenefitGrantError } from './benefit-grant';
import { ListResource } from './list-resource';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { FileDownload } from './file';
import { CheckoutOrganization } from './checkout-organization';
import { Address } from './customer';
import { LicenseKeyActivationBase, LicenseKeyRead } from './license-key';
import { CustomerPortalCustomer } from './portal-customer';
import { BenefitPublic } from './portal-order';

export const BenefitSubscriberOrganization = CheckoutOrganization.meta({ id: 'BenefitSubscriberOrganization' });

/** What a benefit's holders may see of its properties: never the archived files, nothing of the merchant's own. */
const SUBSCRIBER_PROPERTIES = {
  custom: BENEFIT_PROPERTIES_OUTPUT.custom,
  license_keys: BENEFIT_PROPERTIES_OUTPUT.license_keys,
  downloadables: z.object({ active_files: z.array(Uuid) }),
  meter_credit: BENEFIT_PROPERTIES_OUTPUT.meter_credit,
  feature_flag: z.object({}),
} as const;

/** Each type's grant properties; every key optional, as in the reference. */
const GRANT_PROPERTIES = {
  custom: z.object({}),
  license_keys: z.object({
    user_provided_key: z.string().optional(),
    license_key_id: z.string().optional(),
    display_key: z.string().optional(),
  }),
  downloadables: z.object({ files: z.array(z.string()).optional() }),
  meter_credit: z.object({
    last_credited_meter_id: z.string().optional(),
    last_credited_units: z.int32().optional(),
    last_credited_at: z.string().optional(),
  }),
  feature_flag: z.object({}),
} as const;

const VARIANT_NAMES = {
  custom: 'Custom',
  license_keys: 'LicenseKeys',
  downloadables: 'Downloadables',
  meter_credit: 'MeterCredit',
  feature_flag: 'FeatureFlag',
} as const satisfies Record<BenefitType, string>;

const subscriberOf = <T extends BenefitType>(type: T) =>
  BenefitPublic.extend({
    type: z.literal(type),
    organization: BenefitSubscriberOrganization,
    properties: SUBSCRIBER_PROPERTIES[type],
  }).meta({
    id: `Benefit${VARIANT_NAMES[type]}Subscriber`,
  });

const SUBSCRIBERS = {
  custom: subscriberOf('custom'),
  license_keys: subscriberOf('license_keys'),
  downloadables: subscriberOf('downloadables'),
  meter_credit: subscriberOf('meter_credit'),
  feature_flag: subscriberOf('feature_flag'),
} as const;

const grantOf = <T extends BenefitType>(type: T) =>
  z
    .object({
      created_at: Timestamp,
      modified_at: Timestamp.nullable(),
      id: Uuid,
      granted_at: Timestamp.nullable(),
      revoked_at: Timestamp.nullable(),
      customer_id: Uuid,
      member_id: Uuid.nullable(),
      benefit_id: Uuid,
      subscription_id: Uuid.nullable(),
      order_id: Uuid.nullable(),
      is_granted: z.boolean(),
      is_revoked: z.boolean(),
      error: BenefitGrantError.nullable(),
      customer: CustomerPortalCustomer,
      benefit: SUBSCRIBERS[type],
      properties: GRANT_PROPERTIES[type],
    })
    .meta({ id: `CustomerBenefitGrant${VARIANT_NAMES[type]}` });

export const BenefitSubscriber = z
  .discriminatedUnion('type', [
    SUBSCRIBERS.custom,
    SUBSCRIBERS.license_keys,
    SUBSCRIBERS.downloadables,
    SUBSCRIBERS.meter_credit,
    SUBSCRIBERS.feature_flag,
  ])
  .meta({ id: 'BenefitSubscriber' });
export type BenefitSubscriber = z.infer<typeof BenefitSubscriber>;

export const CustomerBenefitGrant = z
  .union([
    grantOf('custom'),
    grantOf('license_keys'),
    grantOf('downloadables'),
    grantOf('meter_credit'),
    grantOf('feature_flag'),
  ])
  .meta({ id: 'CustomerBenefitGrant' });
export type CustomerBenefitGrant = z.infer<typeof CustomerBenefitGrant>;

export const CustomerBenefitGrantList = ListResource(CustomerBenefitGrant).meta({
  id: 'ListResource_CustomerBenefitGrant_',
});

const ANY_BENEFIT_TYPE = z.enum([
  ...BENEFIT_TYPES,
  ...(Object.keys(EXTERNAL_BENEFIT_TYPES) as (keyof typeof EXTERNAL_BENEFIT_TYPES)[]),
]);

export const CUSTOMER_BENEFIT_GRANT_SORT_FIELDS = ['granted_at', 'type', 'organization', 'product_benefit'] as const;
export const CustomerBenefitGrantListQuery = z.object({
  ...PageQuery,
  type: queryMany(ANY_BENEFIT_TYPE),
  benefit_id: queryMany(Uuid),
  checkout_id: queryMany(Uuid).pipe(z.array(Uuid).max(100).optional()),
  order_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  member_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_BENEFIT_GRANT_SORT_FIELDS, ['-granted_at']),
});
export type CustomerBenefitGrantListQuery = z.infer<typeof CustomerBenefitGrantListQuery>;

const accountUpdate = z.object({ account_id: z.string().max(255).nullable() });
/** The reference's update bodies, one per type: they connect an outside account, which no Bursar benefit needs. */
export const CustomerBenefitGrantUpdate = z
  .discriminatedUnion('benefit_type', [
    z.object({ benefit_type: z.literal('custom') }),
    z.object({ benefit_type: z.literal('discord'), properties: accountUpdate }),
    z.object({ benefit_type: z.literal('downloadables') }),
    z.object({ benefit_type: z.literal('feature_flag') }),
    z.object({ benefit_type: z.literal('github_repository'), properties: accountUpdate }),
    z.object({ benefit_type: z.literal('license_keys') }),
    z.object({ benefit_type: z.literal('meter_credit') }),
    z.object({
      benefit_type: z.literal('slack_shared_channel'),
      properties: z.object({ invited_email: z.string().max(320) }),
    }),
  ])
  .meta({ id: 'CustomerBenefitGrantUpdate' });

export const DownloadableRead = z
  .object({ id: Uuid, benefit_id: Uuid, file: FileDownload })
  .meta({ id: 'DownloadableRead' });
export type DownloadableRead = z.infer<typeof DownloadableRead>;
export const DownloadableList = ListResource(DownloadableRead).meta({ id: 'ListResource_DownloadableRead_' });
export const DownloadableListQuery = z.object({ ...PageQuery, benefit_id: queryMany(Uuid) });
export type DownloadableListQuery = z.infer<typeof DownloadableListQuery>;

/**
 * The customer as the portal embeds them in their license keys: the reference's LicenseKeyCustomer field by field, less
 * what the merchant keeps about them — `metadata` is always empty and `external_id` null (kept, as SDKs expect them).
 */
export const PortalLicenseKeyCustomer = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    metadata: z.record(z.string(), z.never()),
    external_id: z.null(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    type: z.string(),
    name: z.string().nullable(),
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    tax_id: z.array(z.string().nullable()).nullable(),
    locale: z.string().nullable(),
    organization_id: Uuid,
    default_payment_method_id: z.string().nullable(),
    deleted_at: Timestamp.nullable(),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'PortalLicenseKeyCustomer' });

/** The portal's LicenseKeyRead and LicenseKeyWithActivations: the API's, with the customer as the portal shows them. */
export const PortalLicenseKeyRead = LicenseKeyRead.extend({ customer: PortalLicenseKeyCustomer }).meta({
  id: 'PortalLicenseKeyRead',
});
export type PortalLicenseKeyRead = z.infer<typeof PortalLicenseKeyRead>;
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

export const CustomerCustomerMeter = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    customer_id: Uuid,
    meter_id: Uuid,
    consumed_units: z.number(),
    credited_units: z.int(),
    balance: z.number(),
    meter: z
      .object({ created_at: Timestamp, modified_at: Timestamp.nullable(), id: Uuid, name: z.string() })
      .meta({ id: 'CustomerCustomerMeterMeter' }),
  })
  .meta({ id: 'CustomerCustomerMeter' });
export type CustomerCustomerMeter = z.infer<typeof CustomerCustomerMeter>;
export const CustomerCustomerMeterList = ListResource(CustomerCustomerMeter).meta({
  id: 'ListResource_CustomerCustomerMeter_',
});

export const CUSTOMER_METER_SORT_FIELDS = [
  'created_at',
  'modified_at',
  'meter_id',
  'meter_name',
  'consumed_units',
  'credited_units',
  'balance',
] as const;
export const CustomerCustomerMeterListQuery = z.object({
  ...PageQuery,
  meter_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_METER_SORT_FIELDS, ['-created_at']),
});
export type CustomerCustomerMeterListQuery = z.infer<typeof CustomerCustomerMeterListQuery>;
