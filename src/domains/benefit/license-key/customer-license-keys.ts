// The account's license keys, as the customer portal lists them (a plain member's own): of one benefit when asked,
// newest first.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyRead } from '../../../contracts/license-key';
import type { Page } from '../../../platform/database/owned-repository';
import { onlyMemberOf, type AccountViewer } from '../grant/benefit-grant.logic';
import { licenseKeys as keys } from './find-license-key';
import { licenseKeyOutputs, type LicenseKeyCustomers } from './license-key-outputs';

/** The customer's own keys (the customer portal) as the API shows them, of one benefit when asked, newest first. */
export async function licenseKeysOfCustomer(
  customers: LicenseKeyCustomers,
  em: EntityManager,
  owner: AccountViewer,
  query: { page: number; limit: number; benefit_id?: string },
): Promise<Page<LicenseKeyRead>> {
  const page = await keys.list(em, owner.organizationId, query, {
    alias: 'k',
    where: (qb) => {
      qb.andWhere({ customerId: owner.customerId });
      const member = onlyMemberOf(owner);
      if (member) qb.andWhere({ memberId: member });
      if (query.benefit_id) qb.andWhere({ benefitId: query.benefit_id });
    },
  });
  return { items: await licenseKeyOutputs(customers, em, page.items), pagination: page.pagination };
}
