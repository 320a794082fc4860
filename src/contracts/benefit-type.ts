// The types of benefit a product may grant, those Bursar refuses (they need an outside service), and visibility.
import { z } from 'zod';

/** Types that need an outside service Bursar does not connect to; creating one is refused with a clear 422. */
export const EXTERNAL_BENEFIT_TYPES = {
  discord: 'Discord',
  github_repository: 'GitHub',
  slack_shared_channel: 'Slack',
} as const;
export const BENEFIT_TYPES = ['custom', 'license_keys', 'downloadables', 'meter_credit', 'feature_flag'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

export const BenefitVisibility = z.enum(['draft', 'private', 'public']);
