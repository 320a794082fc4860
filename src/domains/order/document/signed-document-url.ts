// A stored document handed out: a signed, expiring download URL under the document's file name.
import type { FileStorage } from '../../../adapters/storage/file-storage';

export async function signedDocumentUrl(
  deps: { storage: FileStorage; urlTtlSeconds: number },
  key: string,
  filename: string,
): Promise<{ url: string }> {
  return { url: (await deps.storage.presignDownload(key, filename, deps.urlTtlSeconds)).url };
}
