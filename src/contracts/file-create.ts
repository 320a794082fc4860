// The reference's multipart upload: what a file is created with (its parts), and what completes the upload.
import { z } from 'zod';
import { Uuid } from './common';
import { FILE_SERVICES } from './file-service';

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
