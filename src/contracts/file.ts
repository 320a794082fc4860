// Files as the API reads them: the fields every shape shares, and one shape per service.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';

export const fileBase = {
  id: Uuid,
  organization_id: Uuid,
  name: z.string(),
  path: z.string(),
  mime_type: z.string(),
  size: z.int(),
  storage_version: z.string().nullable(),
  checksum_etag: z.string().nullable(),
  checksum_sha256_base64: z.string().nullable(),
  checksum_sha256_hex: z.string().nullable(),
  last_modified_at: Timestamp.nullable(),
  version: z.string().nullable(),
  is_uploaded: z.boolean(),
  size_readable: z.string(),
};

export const DownloadableFileRead = z
  .object({
    ...fileBase,
    service: z.literal('downloadable'),
    created_at: Timestamp,
    /** Bursar does not scan uploads for malware, so never set. */
    flagged_malicious_at: Timestamp.nullable(),
  })
  .meta({ id: 'DownloadableFileRead' });
export const ProductMediaFileRead = z
  .object({ ...fileBase, service: z.literal('product_media'), created_at: Timestamp, public_url: z.string() })
  .meta({ id: 'ProductMediaFileRead' });
export const OrganizationAvatarFileRead = z
  .object({ ...fileBase, service: z.literal('organization_avatar'), created_at: Timestamp, public_url: z.string() })
  .meta({ id: 'OrganizationAvatarFileRead' });
export const FileRead = z
  .discriminatedUnion('service', [DownloadableFileRead, ProductMediaFileRead, OrganizationAvatarFileRead])
  .meta({ id: 'FileRead' });
export type FileRead = z.infer<typeof FileRead>;
