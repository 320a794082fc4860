// Files as the API shows them: the upload, read and download shapes share their fields.
import type { FileRead } from '../../contracts/file';
import type { StoredFile } from './file.entity';
import { readableSize } from './file.logic';

/** The fields every file shape shares (FileUpload, FileRead, FileDownload). */
export function fileFields(file: StoredFile) {
  return {
    id: file.id,
    organization_id: file.organizationId,
    name: file.name,
    path: file.path,
    mime_type: file.mimeType,
    size: file.size,
    storage_version: file.storageVersion,
    checksum_etag: file.checksumEtag,
    checksum_sha256_base64: file.checksumSha256Base64,
    checksum_sha256_hex: file.checksumSha256Hex,
    last_modified_at: file.lastModifiedAt?.toISOString() ?? null,
    version: file.version,
    is_uploaded: file.isUploaded,
    size_readable: readableSize(file.size),
  };
}

/** A file as read back; public files (media, avatars) carry their public URL. */
export function fileOutput(file: StoredFile, publicUrl: (path: string) => string): FileRead {
  const read = { ...fileFields(file), created_at: file.createdAt.toISOString() };
  return file.service === 'downloadable'
    ? { ...read, service: 'downloadable', flagged_malicious_at: null }
    : { ...read, service: file.service, public_url: publicUrl(file.path) };
}
