// What a customer holds now, in the customer state's shape: each grant in force with its benefit, downloads as fresh
// signed links; its members' grants (through seats) too, each naming its member.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStateBenefitGrant } from '../../../contracts/customer-state-benefit-grant';
import { byId } from '../../../kernel/ids';
import { Benefit } from '../benefit.entity';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { BenefitGrant } from './benefit-grant.entity';

/** The customer's grants in force, in the customer state's shape (downloads as fresh signed links). */
export async function grantedBenefits(
  downloads: DownloadableService,
  em: EntityManager,
  organizationId: string,
  customerId: string,
): Promise<CustomerStateBenefitGrant[]> {
  const held = await em.find(
    BenefitGrant,
    { organizationId, customerId, grantedAt: { $ne: null }, revokedAt: null },
    { orderBy: { grantedAt: 'asc', id: 'asc' } },
  );
  const benefitsById = byId(
    await em.find(Benefit, { organizationId, id: { $in: held.map((g) => g.benefitId) }, deletedAt: null }),
  );
  const links = await downloads.links(
    em,
    organizationId,
    held.map((g) => g.id),
  );
  return held.flatMap((grant) => {
    const benefit = benefitsById.get(grant.benefitId);
    if (!benefit) return [];
    const extra =
      benefit.type === 'custom'
        ? { note: (benefit.properties.note as string | null) ?? null }
        : benefit.type === 'downloadables'
          ? { downloads: links.get(grant.id) ?? [] }
          : {};
    return [
      {
        id: grant.id,
        created_at: grant.createdAt.toISOString(),
        modified_at: grant.modifiedAt?.toISOString() ?? null,
        granted_at: grant.grantedAt!.toISOString(),
        benefit_id: benefit.id,
        member_id: grant.memberId,
        benefit_type: benefit.type,
        benefit_metadata: benefit.metadata,
        properties: { ...grant.properties, ...extra },
      },
    ];
  });
}
