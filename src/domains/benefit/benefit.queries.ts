// What other domains read of benefits: the live ones among some ids, and whether any still lists a file.
import type { EntityManager } from '@mikro-orm/postgresql';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Benefit } from './benefit.entity';

export const benefits = new OwnedRepository(Benefit, { label: 'Benefit', softDeleted: true });

export class BenefitQueries {
  /** The organization's undeleted benefits among `ids`. */
  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Benefit[]> {
    return benefits.findByIds(em, organizationId, ids);
  }

  /** Whether a downloadables benefit still lists the file (a file in use cannot be deleted). */
  async isFileUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from benefit where organization_id = ? and deleted_at is null and type = 'downloadables'
       and properties->'files' @> jsonb_build_array(?::text) limit 1`,
      [organizationId, fileId],
    );
    return rows.length > 0;
  }
}
