// A benefit as the customer portal shows it to its holders, one variant per type.
import { z } from 'zod';
import { BENEFIT_PROPERTIES_OUTPUT } from './benefit-properties';
import type { BenefitType } from './benefit-type';
import { CheckoutOrganization } from './checkout-organization';
import { Uuid } from './common';
import { BenefitPublic } from './benefit-public';

export const BenefitSubscriberOrganization = CheckoutOrganization.meta({ id: 'BenefitSubscriberOrganization' });

/** What a benefit's holders may see of its properties: never the archived files, nothing of the merchant's own. */
const SUBSCRIBER_PROPERTIES = {
  custom: BENEFIT_PROPERTIES_OUTPUT.custom,
  license_keys: BENEFIT_PROPERTIES_OUTPUT.license_keys,
  downloadables: z.object({ active_files: z.array(Uuid) }),
  meter_credit: BENEFIT_PROPERTIES_OUTPUT.meter_credit,
  feature_flag: z.object({}),
} as const;

export const BENEFIT_VARIANT_NAMES = {
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
    id: `Benefit${BENEFIT_VARIANT_NAMES[type]}Subscriber`,
  });

export const BENEFIT_SUBSCRIBERS = {
  custom: subscriberOf('custom'),
  license_keys: subscriberOf('license_keys'),
  downloadables: subscriberOf('downloadables'),
  meter_credit: subscriberOf('meter_credit'),
  feature_flag: subscriberOf('feature_flag'),
} as const;

export const BenefitSubscriber = z
  .discriminatedUnion('type', [
    BENEFIT_SUBSCRIBERS.custom,
    BENEFIT_SUBSCRIBERS.license_keys,
    BENEFIT_SUBSCRIBERS.downloadables,
    BENEFIT_SUBSCRIBERS.meter_credit,
    BENEFIT_SUBSCRIBERS.feature_flag,
  ])
  .meta({ id: 'BenefitSubscriber' });
export type BenefitSubscriber = z.infer<typeof BenefitSubscriber>;
