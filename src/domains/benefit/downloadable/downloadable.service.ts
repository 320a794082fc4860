// Downloads a downloadables grant gives: one row per file, granted or revoked with the grant; signed, expiring links
// that open the file only while the grant holds.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DownloadableRead } from '../../../contracts/portal-downloadable';
import type { Tx } from '../../../platform/database/transaction';
import type { CustomerOwner } from '../../../platform/http/route';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import { deriveKey } from '../../../platform/crypto/derived-key';
import type { Clock } from '../../../kernel/clock';
import { BadRequest, ResourceNotFound, ResourceUnavailable } from '../../../kernel/errors';
import { byId, distinctIds, newId } from '../../../kernel/ids';
import { fileFields, type FileQueries, type FileService } from '../../file';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from '../grant/benefit-grant.entity';
import { Downloadable } from './downloadable.entity';
import { linkPayload, parseLinkToken } from './downloadable.logic';

export interface DownloadableDeps {
  clock: Clock;
  files: FileService;
  fileQueries: FileQueries;
  serverSecret: string;
  environment: string;
  publicUrl: string;
  linkTtlSeconds: number;
}

const downloadables = new OwnedRepository(Downloadable, { label: 'Downloadable' });

/** The storage URL a link redirects to lives this long: enough to start the download, too short to outlive a revoke much. */
const OPENED_URL_TTL_SECONDS = 60;

export interface GrantedDownload {
  file_id: string;
  name: string;
  url: string;
  expires_at: string;
}

export class DownloadableService {
  private readonly key: Buffer;

  constructor(private readonly deps: DownloadableDeps) {
    this.key = deriveKey(deps.serverSecret, `downloadable-links:${deps.environment}`);
  }

  /** The benefit's files not archived are the grant's (granted again if revoked); files it no longer lists are revoked. */
  async grant(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<string[]> {
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
    const expiresAt = this.linkExpiry();
    const links = new Map<string, GrantedDownload[]>();
    for (const row of rows) {
      const file = files.get(row.fileId);
      if (!file) continue; // deleted since
      const link = {
        file_id: row.fileId,
        name: file.name,
        url: this.linkUrl(row, expiresAt),
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
  async pageOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    query: { page: number; limit: number; benefit_id?: string[] },
  ): Promise<Page<DownloadableRead>> {
    const { organizationId } = owner;
    const page = await downloadables.list(em, organizationId, query, {
      alias: 'd',
      where: (qb) => {
        qb.andWhere({ customerId: owner.customerId, status: 'granted' });
        if (query.benefit_id) qb.andWhere({ benefitId: { $in: query.benefit_id } });
        qb.andWhere(...this.deps.fileQueries.isUploaded('d.file_id', organizationId, 'downloadable'));
      },
    });
    const fileIds = distinctIds(page.items, (row) => row.fileId);
    const files = byId(await this.deps.fileQueries.uploaded(em, organizationId, fileIds, 'downloadable'));
    const expiresAt = this.linkExpiry();
    const items = page.items.flatMap((row) => {
      const file = files.get(row.fileId);
      if (!file) return []; // deleted between the two reads
      const download = { url: this.linkUrl(row, expiresAt), expires_at: expiresAt.toISOString() };
      return [
        { id: row.id, benefit_id: row.benefitId, file: { ...fileFields(file), service: file.service, download } },
      ];
    });
    return { items, pagination: page.pagination };
  }

  private linkExpiry(): Date {
    return new Date(this.deps.clock.now().getTime() + this.deps.linkTtlSeconds * 1000);
  }

  private linkUrl(row: Downloadable, expiresAt: Date): string {
    const payload = linkPayload({ downloadableId: row.id, expiresAt });
    return `${this.deps.publicUrl}/v1/customer-portal/downloadables/${payload}.${this.sign(payload)}`;
  }

  /** Where a link leads: a short-lived signed URL of the file — while the link is valid and the grant holds. */
  async open(em: EntityManager, token: string): Promise<string> {
    const parsed = parseLinkToken(token);
    const expected = parsed ? Buffer.from(this.sign(parsed.payload)) : null;
    if (
      !parsed ||
      !expected ||
      expected.length !== Buffer.byteLength(parsed.signature) ||
      !timingSafeEqual(expected, Buffer.from(parsed.signature))
    ) {
      throw new BadRequest('This download link is not valid.');
    }
    if (parsed.claims.expiresAt.getTime() <= this.deps.clock.now().getTime())
      throw new ResourceUnavailable('This download link has expired.');
    const row = await em.findOne(Downloadable, { id: parsed.claims.downloadableId });
    if (!row || row.status !== 'granted') throw new ResourceNotFound('This download is no longer available.');
    return (await this.deps.files.download(em, row.organizationId, row.fileId, OPENED_URL_TTL_SECONDS)).url.url;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
