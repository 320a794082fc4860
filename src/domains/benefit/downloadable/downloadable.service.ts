// Downloads a downloadables grant gives: one row per file, granted or revoked with the grant; signed, expiring links
// that open the file only while the grant holds.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DownloadableRead } from '../../../contracts/portal-downloadable';
import type { Tx } from '../../../platform/database/transaction';
import type { AccountViewer } from '../grant/benefit-grant.logic';
import type { Page } from '../../../platform/database/owned-repository';
import type { Clock } from '../../../kernel/clock';
import { byId } from '../../../kernel/ids';
import type { FileQueries, FileService } from '../../file';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from '../grant/benefit-grant.entity';
import { customerDownloads } from './customer-downloads';
import { DownloadLinkSigner } from './download-link-signer';
import { Downloadable } from './downloadable.entity';
import { grantDownloads } from './grant-downloads';
import { openDownloadLink } from './open-download-link';

export interface DownloadableDeps {
  clock: Clock;
  files: FileService;
  fileQueries: FileQueries;
  serverSecret: string;
  environment: string;
  publicUrl: string;
  linkTtlSeconds: number;
}

export interface GrantedDownload {
  file_id: string;
  name: string;
  url: string;
  expires_at: string;
}

export class DownloadableService {
  private readonly signer: DownloadLinkSigner;

  constructor(private readonly deps: DownloadableDeps) {
    this.signer = new DownloadLinkSigner(deps);
  }

  /** The benefit's files not archived are the grant's (granted again if revoked); files it no longer lists are revoked. */
  grant(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<string[]> {
    return grantDownloads(tx, grant, benefit, at);
  }

  async revoke(tx: Tx, grantId: string, at: Date): Promise<void> {
    await tx.em.nativeUpdate(Downloadable, { grantId, status: 'granted' }, { status: 'revoked', modifiedAt: at });
  }

  /** Signed links to the granted files of these grants, by grant id. */
  async links(em: EntityManager, organizationId: string, grantIds: string[]): Promise<Map<string, GrantedDownload[]>> {
    const rows = grantIds.length
      ? await em.find(
          Downloadable,
          { organizationId, grantId: { $in: grantIds }, status: 'granted' },
          { orderBy: { createdAt: 'asc' } },
        )
      : [];
    const files = byId(
      await this.deps.fileQueries.uploaded(
        em,
        organizationId,
        [...new Set(rows.map((row) => row.fileId))],
        'downloadable',
      ),
    );
    const expiresAt = this.signer.linkExpiry();
    const links = new Map<string, GrantedDownload[]>();
    for (const row of rows) {
      const file = files.get(row.fileId);
      if (!file) continue; // deleted since
      const link = {
        file_id: row.fileId,
        name: file.name,
        url: this.signer.linkUrl(row, expiresAt),
        expires_at: expiresAt.toISOString(),
      };
      links.set(row.grantId, [...(links.get(row.grantId) ?? []), link]);
    }
    return links;
  }

  /**
   * The customer's granted downloads (the customer portal), of some benefits when asked, newest first; each file's
   * `download.url` is a signed link. A file deleted since its grant is left out by the query, so pages stay full.
   */
  pageOfCustomer(
    em: EntityManager,
    owner: AccountViewer,
    query: { page: number; limit: number; benefit_id?: string[] },
  ): Promise<Page<DownloadableRead>> {
    return customerDownloads({ ...this.deps, signer: this.signer }, em, owner, query);
  }

  /** Where a link leads: a short-lived signed URL of the file — while the link is valid and the grant holds. */
  open(em: EntityManager, token: string): Promise<string> {
    return openDownloadLink({ ...this.deps, signer: this.signer }, em, token);
  }
}
