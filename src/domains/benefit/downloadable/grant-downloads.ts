// The downloads a downloadables grant gives: one row per file the benefit lists and has not archived, granted again
// if revoked; the files it no longer lists revoked.
import type { Tx } from '../../../platform/database/transaction';
import { newId } from '../../../kernel/ids';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from '../grant/benefit-grant.entity';
import { Downloadable } from './downloadable.entity';

/** The benefit's files not archived are the grant's (granted again if revoked); files it no longer lists are revoked. */
export async function grantDownloads(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<string[]> {
  const { files, archived } = benefit.properties as { files: string[]; archived: Record<string, boolean> };
  const wanted = files.filter((id) => !archived[id]);
  const rows = await tx.em.find(Downloadable, { grantId: grant.id });
  const byFile = new Map(rows.map((row) => [row.fileId, row]));
  for (const fileId of wanted) {
    const row = byFile.get(fileId);
    if (row && row.status !== 'granted') Object.assign(row, { status: 'granted', modifiedAt: at });
    if (!row) {
      tx.em.create(Downloadable, {
        id: newId(),
        organizationId: grant.organizationId,
        customerId: grant.customerId,
        benefitId: benefit.id,
        grantId: grant.id,
        fileId,
        status: 'granted',
        createdAt: at,
        modifiedAt: null,
      });
    }
  }
  for (const row of rows)
    if (!wanted.includes(row.fileId) && row.status === 'granted')
      Object.assign(row, { status: 'revoked', modifiedAt: at });
  await tx.em.flush();
  return wanted;
}
