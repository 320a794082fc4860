// A customer's granted downloads, as the customer portal lists them: each file with a signed link.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DownloadableRead } from '../../../contracts/portal-downloadable';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import { onlyMemberOf, type AccountViewer } from '../grant/benefit-grant.logic';
import { byId, distinctIds } from '../../../kernel/ids';
import { fileFields, type FileQueries } from '../../file';
import type { DownloadLinkSigner } from './download-link-signer';
import { Downloadable } from './downloadable.entity';

const downloadables = new OwnedRepository(Downloadable, { label: 'Downloadable' });

/**
 * The account's granted downloads (the customer portal; a plain member's own, their seats'), of some benefits when asked, newest first; each file's
 * `download.url` is a signed link. A file deleted since its grant is left out by the query, so pages stay full.
 */
export async function customerDownloads(
  deps: { fileQueries: FileQueries; signer: DownloadLinkSigner },
  em: EntityManager,
  owner: AccountViewer,
  query: { page: number; limit: number; benefit_id?: string[] },
): Promise<Page<DownloadableRead>> {
  const { organizationId } = owner;
  const page = await downloadables.list(em, organizationId, query, {
    alias: 'd',
    where: (qb) => {
      qb.andWhere({ customerId: owner.customerId, status: 'granted' });
      if (query.benefit_id) qb.andWhere({ benefitId: { $in: query.benefit_id } });
      const member = onlyMemberOf(owner);
      if (member) qb.andWhere('d.grant_id in (select g.id from benefit_grant g where g.member_id = ?)', [member]);
      qb.andWhere(...deps.fileQueries.isUploaded('d.file_id', organizationId, 'downloadable'));
    },
  });
  const fileIds = distinctIds(page.items, (row) => row.fileId);
  const files = byId(await deps.fileQueries.uploaded(em, organizationId, fileIds, 'downloadable'));
  const expiresAt = deps.signer.linkExpiry();
  const items = page.items.flatMap((row) => {
    const file = files.get(row.fileId);
    if (!file) return []; // deleted between the two reads
    const download = { url: deps.signer.linkUrl(row, expiresAt), expires_at: expiresAt.toISOString() };
    return [{ id: row.id, benefit_id: row.benefitId, file: { ...fileFields(file), service: file.service, download } }];
  });
  return { items, pagination: page.pagination };
}
