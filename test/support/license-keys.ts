// A license key as a grant gives it, written straight through the ORM for the license-key API's own tests (production,
// no worker, no payment): a customer and a license-keys benefit over HTTP, a one-time grant row, then the key.
import { randomUUID } from 'node:crypto';
import { Benefit } from '../../src/domains/benefit/benefit.entity';
import { BenefitGrant } from '../../src/domains/benefit/grant/benefit-grant.entity';
import { grantLicenseKey } from '../../src/domains/benefit/license-key/license-key-grants';
import type { LicenseKey } from '../../src/domains/benefit/license-key/license-key.entity';
import { inTransaction } from '../../src/platform/database/transaction';
import type { ApiResponse, TestHarness } from './harness';

export interface KeyMerchant {
  id: string;
  call: (method: string, path: string, json?: unknown) => Promise<ApiResponse>;
}

export interface IssuedKey {
  key: LicenseKey;
  grantId: string;
  customerId: string;
}

export async function issueLicenseKey(
  h: TestHarness,
  m: KeyMerchant,
  properties: Record<string, unknown> = {},
): Promise<IssuedKey> {
  const customer = await m.call('POST', '/v1/customers/', { email: `buyer-${randomUUID()}@example.com`, name: 'Ada' });
  expect(customer.status).toBe(201);
  const benefit = await m.call('POST', '/v1/benefits/', {
    type: 'license_keys',
    description: 'App license',
    properties,
  });
  expect(benefit.status).toBe(201);
  return inTransaction(h.env.production.orm, async (tx) => {
    const at = new Date();
    const grant = tx.em.create(BenefitGrant, {
      id: randomUUID(),
      organizationId: m.id,
      customerId: customer.body.id,
      benefitId: benefit.body.id,
      orderId: randomUUID(),
      subscriptionId: null,
      grantedAt: at,
      revokedAt: null,
      properties: {},
      cycleKey: null,
      error: null,
      createdAt: at,
      modifiedAt: null,
    });
    await tx.em.flush(); // the key's row references the grant's
    const key = await grantLicenseKey(tx, grant, await tx.em.findOneOrFail(Benefit, benefit.body.id), at, true);
    return { key, grantId: grant.id, customerId: customer.body.id };
  });
}
