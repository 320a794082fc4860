// The file storage port: S3-style multipart uploads through presigned URLs, presigned downloads, public URLs.
import type { Readable } from 'node:stream';

export interface PresignedUrl {
  url: string;
  expiresAt: Date;
  /** Headers the client must send with the request. */
  headers?: Record<string, string>;
}

export interface UploadedPart {
  number: number;
  etag: string;
}

export interface FileStorage {
  startUpload(key: string, mimeType: string): Promise<string>;
  /** A URL the client PUTs one part to; storage refuses a body of another size or SHA-256. */
  presignPart(
    key: string,
    uploadId: string,
    part: { number: number; size: number; sha256Base64: string | null },
    ttlSeconds: number,
  ): Promise<PresignedUrl>;
  /** Joins the parts into the object; fails when a part is missing or its ETag does not match. */
  completeUpload(
    key: string,
    uploadId: string,
    parts: UploadedPart[],
  ): Promise<{ etag: string; version: string | null; lastModified: Date }>;
  read(key: string): Promise<Readable>;
  /** Stores a whole object the server made itself (an invoice PDF), replacing any object under the same key. */
  put(key: string, body: Buffer, mimeType: string): Promise<void>;
  presignDownload(key: string, filename: string, ttlSeconds: number): Promise<PresignedUrl>;
  /** Where a public object (product media, avatars) can be fetched without credentials. */
  publicUrl(key: string): string;
  delete(key: string): Promise<void>;
}

/** Why storage refused a request: the HTTP layer answers 403, 404, 413 or 400 for these. */
export type StorageRefusal = 'forbidden' | 'not-found' | 'too-large' | 'invalid';

export class StorageRejected extends Error {
  constructor(
    message: string,
    readonly reason: StorageRefusal = 'invalid',
  ) {
    super(message);
  }
}
