// File storage in any S3-compatible store (AWS S3, MinIO, R2, …), used when S3_BUCKET is configured.
// Public objects (product media, avatars) live under the `public/` prefix, which the bucket policy must make readable.
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { FileStorage, PresignedUrl, UploadedPart } from './file-storage';
import { StorageRejected } from './file-storage';
import contentDisposition from 'content-disposition';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Base URL of public objects; defaults to the bucket's own URL. */
  publicBaseUrl?: string;
  now: () => Date;
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async startUpload(key: string, mimeType: string): Promise<string> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key: key, ContentType: mimeType }),
    );
    if (!UploadId) throw new Error('S3 returned no upload id');
    return UploadId;
  }

  async presignPart(
    key: string,
    uploadId: string,
    part: { number: number; size: number },
    ttlSeconds: number,
  ): Promise<PresignedUrl> {
    const command = new UploadPartCommand({
      Bucket: this.options.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: part.number,
      ContentLength: part.size,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: ttlSeconds,
      signableHeaders: new Set(['content-length']),
    });
    return { url, expiresAt: new Date(this.options.now().getTime() + ttlSeconds * 1000) };
  }

  async completeUpload(key: string, uploadId: string, parts: UploadedPart[]) {
    try {
      const result = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.options.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts].sort((a, b) => a.number - b.number).map((p) => ({ PartNumber: p.number, ETag: p.etag })),
          },
        }),
      );
      return { etag: result.ETag ?? '', version: result.VersionId ?? null, lastModified: this.options.now() };
    } catch (error) {
      throw new StorageRejected(`The store refused to complete the upload: ${(error as Error).message}`);
    }
  }

  async read(key: string): Promise<Readable> {
    const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    if (!Body) throw new StorageRejected('No such object', 'not-found');
    return Body as Readable;
  }

  async put(key: string, body: Buffer, mimeType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: mimeType }),
    );
  }

  async presignDownload(key: string, filename: string, ttlSeconds: number): Promise<PresignedUrl> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(filename),
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: ttlSeconds });
    return { url, expiresAt: new Date(this.options.now().getTime() + ttlSeconds * 1000) };
  }

  publicUrl(key: string): string {
    const base =
      this.options.publicBaseUrl ??
      `${this.options.endpoint ?? `https://${this.options.bucket}.s3.${this.options.region}.amazonaws.com`}${this.options.forcePathStyle ? `/${this.options.bucket}` : ''}`;
    return `${base.replace(/\/$/, '')}/${key}`;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
