// Files: the multipart upload flow of the reference (create, PUT parts to signed URLs, complete), list, update, delete.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery, queryMany } from './query-params';
import { Timestamp, Uuid } from './common';

/** The services Bursar stores files for (the reference's support-case attachments have no use here). */
export const FILE_SERVICES = ['downloadable', 'product_media', 'organization_avatar'] as const;
export type FileService = (typeof FILE_SERVICES)[number];
export const PUBLIC_FILE_SERVICES: readonly FileService[] = ['product_media', 'organization_avatar'];

const sha256Base64 = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'A base64-encoded SHA-256 digest');

export const FileCreatePart = z.object({
  number: z.int32().min(1).max(10_000),
  chunk_start: z.int().min(0),
  chunk_end: z.int().min(1),
  checksum_sha256_base64: sha256Base64.nullish(),
});

export const FileCreate = z
  .object({
    service: z.enum(FILE_SERVICES),
    organization_id: Uuid.nullish(),
    name: z.string().trim().min(1).max(255),
    mime_type: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'A MIME type such as application/zip')
      .max(255),
    size: z.int().min(1),
    checksum_sha256_base64: sha256Base64.nullish(),
    upload: z.object({ parts: z.array(FileCreatePart).min(1).max(10_000) }),
    version: z.string().max(255).nullish(),
  })
  .meta({ id: 'FileCreate' });
export type FileCreate = z.infer<typeof FileCreate>;

export const FileUploadCompleted = z
  .object({
    id: z.string().min(1),
    path: z.string().min(1),
    parts: z
      .array(
        z.object({
          number: z.int32().min(1).max(10_000),
          checksum_etag: z.string().min(1),
          checksum_sha256_base64: sha256Base64.nullable(),
        }),
      )
      .min(1)
      .max(10_000),
  })
  .meta({ id: 'FileUploadCompleted' });
export type FileUploadCompleted = z.infer<typeof FileUploadCompleted>;

export const FilePatch = z
  .object({ name: z.string().trim().min(1).max(255).nullish(), version: z.string().max(255).nullish() })
  .meta({ id: 'FilePatch' });
export type FilePatch = z.infer<typeof FilePatch>;

const fileBase = {
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

export const FileUpload = z
  .object({
    ...fileBase,
    service: z.enum(FILE_SERVICES),
    upload: z.object({
      id: z.string(),
      path: z.string(),
      parts: z.array(
        FileCreatePart.extend({
          url: z.string(),
          expires_at: Timestamp,
          headers: z.record(z.string(), z.string()).optional(),
        }),
      ),
    }),
  })
  .meta({ id: 'FileUpload' });

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

export const FileDownload = z
  .object({
    ...fileBase,
    service: z.enum(FILE_SERVICES),
    download: z.object({ url: z.string(), expires_at: Timestamp }),
  })
  .meta({ id: 'FileDownload' });

export const FileList = ListResource(FileRead).meta({ id: 'ListResource_FileRead_' });
export const FileListQuery = z.object({ ...PageQuery, organization_id: queryMany(Uuid), ids: queryMany(Uuid) });
export type FileListQuery = z.infer<typeof FileListQuery>;
