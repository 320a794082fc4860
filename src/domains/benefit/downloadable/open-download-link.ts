// Where a download link leads: a short-lived signed URL of the file, while the link is valid and the grant holds;
// each opening counts as a download.
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../kernel/clock';
import { BadRequest, ResourceNotFound, ResourceUnavailable } from '../../../kernel/errors';
import type { FileService } from '../../file';
import type { DownloadLinkSigner } from './download-link-signer';
import { Downloadable } from './downloadable.entity';
import { parseLinkToken } from './downloadable.logic';

/** The storage URL a link redirects to lives this long: enough to start the download, too short to outlive a revoke much. */
const OPENED_URL_TTL_SECONDS = 60;

/** Where a link leads: a short-lived signed URL of the file — while the link is valid and the grant holds. */
export async function openDownloadLink(
  deps: { clock: Clock; files: FileService; signer: DownloadLinkSigner },
  em: EntityManager,
  token: string,
): Promise<string> {
  const parsed = parseLinkToken(token);
  const expected = parsed ? Buffer.from(deps.signer.sign(parsed.payload)) : null;
  if (
    !parsed ||
    !expected ||
    expected.length !== Buffer.byteLength(parsed.signature) ||
    !timingSafeEqual(expected, Buffer.from(parsed.signature))
  ) {
    throw new BadRequest('This download link is not valid.');
  }
  if (parsed.claims.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new ResourceUnavailable('This download link has expired.');
  const row = await em.findOne(Downloadable, { id: parsed.claims.downloadableId });
  if (!row || row.status !== 'granted') throw new ResourceNotFound('This download is no longer available.');
  const url = (await deps.files.download(em, row.organizationId, row.fileId, OPENED_URL_TTL_SECONDS)).url.url;
  // Counted once the file is known to open (a deleted file is a 404 above, not a download).
  await em.execute('update downloadable set download_count = download_count + 1, last_downloaded_at = ? where id = ?', [
    deps.clock.now(),
    row.id,
  ]);
  return url;
}
