import { BigIntType, EntitySchema } from '@mikro-orm/core';
import type { FileService } from '../../contracts/file-service';

export interface DeclaredPart {
  number: number;
  chunk_start: number;
  chunk_end: number;
  checksum_sha256_base64: string | null;
}

export class StoredFile {
  id!: string;
  organizationId!: string;
  service!: FileService;
  name!: string;
  /** The object key in storage. */
  path!: string;
  mimeType!: string;
  size!: number;
  version: string | null = null;
  uploadId!: string;
  parts!: DeclaredPart[];
  /** What the client declared at creation; verified against the stored bytes on completion. */
  declaredSha256Base64: string | null = null;
  checksumSha256Base64: string | null = null;
  checksumSha256Hex: string | null = null;
  checksumEtag: string | null = null;
  storageVersion: string | null = null;
  isUploaded = false;
  lastModifiedAt: Date | null = null;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const StoredFileSchema = new EntitySchema<StoredFile>({
  class: StoredFile,
  tableName: 'file',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    service: { type: 'text' },
    name: { type: 'text' },
    path: { type: 'text' },
    mimeType: { type: 'text' },
    size: { type: new BigIntType('number') },
    version: { type: 'text', nullable: true },
    uploadId: { type: 'text' },
    parts: { type: 'json' },
    declaredSha256Base64: { type: 'text', nullable: true, fieldName: 'declared_sha256_base64' },
    checksumSha256Base64: { type: 'text', nullable: true, fieldName: 'checksum_sha256_base64' },
    checksumSha256Hex: { type: 'text', nullable: true, fieldName: 'checksum_sha256_hex' },
    checksumEtag: { type: 'text', nullable: true },
    storageVersion: { type: 'text', nullable: true },
    isUploaded: { type: 'boolean' },
    lastModifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
