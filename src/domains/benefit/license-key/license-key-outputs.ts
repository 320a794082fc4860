// License keys as the API shows them: each with its customer (loaded in one query per organization), and the
// subscription and order whose grant gave a key, read through the port those domains fill in.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyRead } from '../../../contracts/license-key';
import type { LicenseKeySources } from '../../../contracts/license-key-sources';
import { membersByIds, type CustomerService } from '../../customer';
import { distinctIds } from '../../../kernel/ids';
import type { LicenseKey } from './license-key.entity';
import { licenseKeyCustomerOutput, licenseKeyOutput, type LicenseKeyMemberOutput } from './license-key.output';

/** The order and subscription domains, read for what granted a key (they call the benefit domain, so it cannot import them). */
export interface LicenseKeySourceReader {
  subscription(em: EntityManager, organizationId: string, id: string): Promise<LicenseKeySources['subscription']>;
  order(em: EntityManager, organizationId: string, id: string): Promise<LicenseKeySources['order']>;
}

export type LicenseKeyCustomers = Pick<CustomerService, 'outputs'>;

/** The keys as the API shows them, their customers loaded in one query, a seat's key with its member. */
export async function licenseKeyOutputs(
  customers: LicenseKeyCustomers,
  em: EntityManager,
  licenseKeys: readonly LicenseKey[],
): Promise<LicenseKeyRead[]> {
  const byOrganization = new Map<string, Set<string>>();
  for (const key of licenseKeys)
    byOrganization.set(key.organizationId, (byOrganization.get(key.organizationId) ?? new Set()).add(key.customerId));
  const loaded = new Map<string, Parameters<typeof licenseKeyCustomerOutput>[0]>();
  for (const [organizationId, ids] of byOrganization) {
    for (const customer of await customers.outputs(em, organizationId, [...ids])) loaded.set(customer.id, customer);
  }
  const members = new Map<string, LicenseKeyMemberOutput>();
  for (const organizationId of byOrganization.keys()) {
    const ofOrganization = licenseKeys.filter((k) => k.organizationId === organizationId);
    for (const m of await membersByIds(
      em,
      organizationId,
      distinctIds(ofOrganization, (k) => k.memberId),
    ))
      members.set(m.id, { id: m.id, email: m.email, external_id: m.externalId });
  }
  return licenseKeys.map((key) => {
    const customer = loaded.get(key.customerId);
    if (!customer) throw new Error(`License key ${key.id} belongs to customer ${key.customerId}, who does not exist.`);
    return licenseKeyOutput(
      key,
      licenseKeyCustomerOutput(customer),
      (key.memberId && members.get(key.memberId)) || null,
    );
  });
}

/** The subscription and order whose grant gave the key (validate and activate show them). */
export async function licenseKeySources(
  sources: LicenseKeySourceReader,
  em: EntityManager,
  key: Pick<LicenseKeyRead, 'id' | 'organization_id'>,
): Promise<LicenseKeySources> {
  const [grant] = await em.execute<{ subscription_id: string | null; order_id: string | null }[]>(
    'select g.subscription_id, g.order_id from license_key k join benefit_grant g on g.id = k.grant_id where k.id = ?',
    [key.id],
  );
  const subscription = grant?.subscription_id
    ? await sources.subscription(em, key.organization_id, grant.subscription_id)
    : null;
  const order = grant?.order_id ? await sources.order(em, key.organization_id, grant.order_id) : null;
  return { subscription_id: subscription?.id ?? null, subscription, order_id: order?.id ?? null, order };
}
