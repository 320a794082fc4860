// File storage on local disk, the default: the API itself serves the presigned part-upload and download URLs,
// signed with HMAC-SHA256 and expiring, so clients use exactly the flow they would use against S3.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage, PresignedUrl, UploadedPart } from './file-storage';
import { StorageRejected } from './file-storage';
import { completeLocalUpload } from './complete-local-upload';
import { objectPath, uploadDir } from './local-disk-layout';
import { signUrl, verifySignedUrl } from './local-url-signature';
import { receiveLocalPart } from './receive-local-part';

export interface LocalDiskOptions {
  /** This environment's own folder: no other environment reads or writes it. */
  root: string;
  /** Base URL of the API listener that serves /storage for this environment. */
  publicBaseUrl: string;
  /** This environment's own key for the URL signatures, so one environment's URLs are refused by the other. */
  signingKey: Buffer;
  now: () => Date;
}

export interface SignedPart {
  uploadId: string;
  number: number;
  size: number;
  sha256: string | null;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly options: LocalDiskOptions) {}

  async startUpload(): Promise<string> {
    const uploadId = randomUUID();
    await mkdir(uploadDir(this.options.root, uploadId), { recursive: true });
    return uploadId;
  }

  async presignPart(
    _key: string,
    uploadId: string,
    part: { number: number; size: number; sha256Base64: string | null },
    ttlSeconds: number,
  ): Promise<PresignedUrl> {
    const expiresAt = new Date(this.options.now().getTime() + ttlSeconds * 1000);
    const params = new URLSearchParams({
      size: String(part.size),
      expires: String(Math.floor(expiresAt.getTime() / 1000)),
    });
    if (part.sha256Base64) params.set('sha256', part.sha256Base64);
    const path = `/storage/uploads/${uploadId}/parts/${part.number}`;
    params.set('signature', signUrl(this.options.signingKey, 'PUT', path, params));
    return {
      url: `${this.options.publicBaseUrl}${path}?${params}`,
      expiresAt,
      headers: part.sha256Base64 ? { 'x-amz-checksum-sha256': part.sha256Base64 } : undefined,
    };
  }

  /** Stores one part PUT to a presigned URL; returns its ETag. */
  async receivePart(path: string, query: URLSearchParams, body: Readable): Promise<string> {
    verifySignedUrl(this.options, 'PUT', path, query);
    const match = /^\/storage\/uploads\/([\w-]+)\/parts\/(\d+)$/.exec(path);
    if (!match) throw new StorageRejected('Unknown upload URL');
    const [, uploadId, number] = match;
    return receiveLocalPart(uploadDir(this.options.root, uploadId), number, query, body);
  }

  async completeUpload(
    key: string,
    uploadId: string,
    parts: UploadedPart[],
  ): Promise<{ etag: string; version: string | null; lastModified: Date }> {
    return completeLocalUpload(uploadDir(this.options.root, uploadId), objectPath(this.options.root, key), parts);
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(objectPath(this.options.root, key));
  }

  /** Writes a temporary file and renames it over the object, so a reader sees the old bytes or the new, never half. */
  async put(key: string, body: Buffer): Promise<void> {
    const target = objectPath(this.options.root, key);
    const temporary = `${target}.${randomUUID()}.tmp`;
    await mkdir(dirname(target), { recursive: true });
    try {
      await writeFile(temporary, body);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async presignDownload(key: string, filename: string, ttlSeconds: number): Promise<PresignedUrl> {
    const expiresAt = new Date(this.options.now().getTime() + ttlSeconds * 1000);
    const params = new URLSearchParams({ filename, expires: String(Math.floor(expiresAt.getTime() / 1000)) });
    const path = `/storage/objects/${key}`;
    params.set('signature', signUrl(this.options.signingKey, 'GET', path, params));
    return { url: `${this.options.publicBaseUrl}${path}?${params}`, expiresAt };
  }

  /** Opens an object for a presigned download URL. */
  async openSigned(
    path: string,
    query: URLSearchParams,
  ): Promise<{ stream: Readable; size: number; filename: string; contentType: string }> {
    verifySignedUrl(this.options, 'GET', path, query);
    const key = path.slice('/storage/objects/'.length);
    return {
      ...(await this.open(key)),
      filename: query.get('filename') ?? 'download',
      contentType: contentTypeOf(key),
    };
  }

  publicUrl(key: string): string {
    return `${this.options.publicBaseUrl}/storage/public/${key}`;
  }

  /** Opens a public object (keys under `public/` only). */
  async openPublic(key: string): Promise<{ stream: Readable; size: number }> {
    if (!key.startsWith('public/')) throw new StorageRejected('Not a public object', 'not-found');
    return this.open(key);
  }

  async delete(key: string): Promise<void> {
    await rm(objectPath(this.options.root, key), { force: true });
  }

  private async open(key: string): Promise<{ stream: Readable; size: number }> {
    const path = objectPath(this.options.root, key);
    const info = await stat(path).catch(() => null);
    if (!info) throw new StorageRejected('No such object', 'not-found');
    return { stream: createReadStream(path), size: info.size };
  }
}

/** Local disk keeps no metadata: documents the server generates are known by their extension, anything else is bytes. */
const contentTypeOf = (key: string) =>
  key.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
