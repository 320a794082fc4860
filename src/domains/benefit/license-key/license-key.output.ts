// License keys and their activations as the API shows them, with the customer embedded the reference's way.
import type { z } from 'zod';
import type { Customer as CustomerOutput } from '../../../contracts/customer';
import type { LicenseKeyActivationBase, LicenseKeyWithActivations } from '../../../contracts/license-key-activation';
import type { LicenseKeyCustomer, LicenseKeyRead } from '../../../contracts/license-key';
import type { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import { displayKey } from './license-key.logic';

type LicenseKeyCustomerOutput = z.infer<typeof LicenseKeyCustomer>;
export type LicenseKeyActivationOutput = z.infer<typeof LicenseKeyActivationBase>;
export type LicenseKeyWithActivationsOutput = z.infer<typeof LicenseKeyWithActivations>;

/** The customer as a license key embeds it: the customer's own fields, less Bursar's sandbox extras. */
export function licenseKeyCustomerOutput(customer: CustomerOutput): LicenseKeyCustomerOutput {
  const { test_clock_id: _testClockId, ...fields } = customer;
  return fields;
}

/** The member a seat's key was given to, as keys embed it. */
export type LicenseKeyMemberOutput = LicenseKeyRead['member'];

export function licenseKeyOutput(
  key: LicenseKey,
  customer: LicenseKeyCustomerOutput,
  member: LicenseKeyMemberOutput = null,
): LicenseKeyRead {
  return {
    id: key.id,
    created_at: key.createdAt.toISOString(),
    modified_at: key.modifiedAt?.toISOString() ?? null,
    organization_id: key.organizationId,
    customer_id: key.customerId,
    customer,
    member_id: key.memberId,
    member,
    benefit_id: key.benefitId,
    key: key.key,
    display_key: displayKey(key.key),
    status: key.status,
    limit_activations: key.limitActivations,
    usage: key.usage,
    limit_usage: key.limitUsage,
    validations: key.validations,
    last_validated_at: key.lastValidatedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}

export function activationOutput(activation: LicenseKeyActivation): LicenseKeyActivationOutput {
  return {
    id: activation.id,
    license_key_id: activation.licenseKeyId,
    label: activation.label,
    meta: activation.meta,
    created_at: activation.createdAt.toISOString(),
    modified_at: activation.modifiedAt?.toISOString() ?? null,
  };
}
