// File storage on local disk, the default: the API itself serves the presigned part-upload and download URLs,
// signed with HMAC-SHA256 and expiring, so clients use exactly the flow they would use against S3.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, PresignedUrl, UploadedPart } from './file-storage';
import { StorageRejected } from './file-storage';

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

const SAFE_KEY = /^[\w./-]+$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly options: LocalDiskOptions) {}

  async startUpload(): Promise<string> {
    const uploadId = randomUUID();
    await mkdir(this.uploadDir(uploadId), { recursive: true });
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
    params.set('signature', this.sign('PUT', path, params));
    return {
      url: `${this.options.publicBaseUrl}${path}?${params}`,
      expiresAt,
      headers: part.sha256Base64 ? { 'x-amz-checksum-sha256': part.sha256Base64 } : undefined,
    };
  }

  /** Stores one part PUT to a presigned URL; returns its ETag. */
  async receivePart(path: string, query: URLSearchParams, body: Readable): Promise<string> {
    this.verify('PUT', path, query);
    const match = /^\/storage\/uploads\/([\w-]+)\/parts\/(\d+)$/.exec(path);
    if (!match) throw new StorageRejected('Unknown upload URL');
    const [, uploadId, number] = match;
    const dir = this.uploadDir(uploadId);
    // Completing (or abandoning) an upload removes its folder; a part for it is refused like S3's NoSuchUpload, and
    // nothing is created again.
    if (!(await stat(dir).catch(() => null))?.isDirectory()) throw noSuchUpload();
    const expectedSize = Number(query.get('size'));
    const target = join(dir, number);
    const temporary = `${target}.${randomUUID()}.tmp`;
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > expectedSize)
            throw new StorageRejected(`Part is larger than its declared ${expectedSize} bytes`, 'too-large');
          sha256.update(chunk);
          md5.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(temporary),
    ).catch(async (error) => {
      await rm(temporary, { force: true });
      throw isMissing(error) ? noSuchUpload() : error;
    });
    const declared = query.get('sha256');
    const problem =
      size !== expectedSize
        ? `Part has ${size} bytes, ${expectedSize} were declared`
        : declared && sha256.digest('base64') !== declared
          ? 'Part SHA-256 does not match its declared checksum'
          : null;
    if (problem) {
      await rm(temporary, { force: true });
      throw new StorageRejected(problem);
    }
    await rename(temporary, target).catch(async (error) => {
      await rm(temporary, { force: true });
      throw isMissing(error) ? noSuchUpload() : error;
    });
    return `"${md5.digest('hex')}"`;
  }

  async completeUpload(
    key: string,
    uploadId: string,
    parts: UploadedPart[],
  ): Promise<{ etag: string; version: string | null; lastModified: Date }> {
    const dir = this.uploadDir(uploadId);
    const present = new Set(await readdir(dir).catch(() => [] as string[]));
    const ordered = [...parts].sort((a, b) => a.number - b.number);
    const md5s: Buffer[] = [];
    for (const part of ordered) {
      if (!present.has(String(part.number))) throw new StorageRejected(`Part ${part.number} was never uploaded`);
      const md5 = await hashFile(join(dir, String(part.number)), 'md5');
      if (`"${md5}"` !== part.etag) throw new StorageRejected(`Part ${part.number} does not match its ETag`);
      md5s.push(Buffer.from(md5, 'hex'));
    }
    const target = this.objectPath(key);
    await mkdir(dirname(target), { recursive: true });
    const out = createWriteStream(target);
    for (const part of ordered) await pipeline(createReadStream(join(dir, String(part.number))), out, { end: false });
    await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
    await rm(dir, { recursive: true, force: true });
    const etag = `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${ordered.length}"`;
    return { etag, version: null, lastModified: new Date((await stat(target)).mtimeMs) };
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.objectPath(key));
  }

  /** Writes a temporary file and renames it over the object, so a reader sees the old bytes or the new, never half. */
  async put(key: string, body: Buffer): Promise<void> {
    const target = this.objectPath(key);
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
    params.set('signature', this.sign('GET', path, params));
    return { url: `${this.options.publicBaseUrl}${path}?${params}`, expiresAt };
  }

  /** Opens an object for a presigned download URL. */
  async openSigned(
    path: string,
    query: URLSearchParams,
  ): Promise<{ stream: Readable; size: number; filename: string; contentType: string }> {
    this.verify('GET', path, query);
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
    await rm(this.objectPath(key), { force: true });
  }

  private async open(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.objectPath(key);
    const info = await stat(path).catch(() => null);
    if (!info) throw new StorageRejected('No such object', 'not-found');
    return { stream: createReadStream(path), size: info.size };
  }

  private objectPath(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new StorageRejected('Invalid object key', 'not-found');
    return resolve(this.options.root, 'objects', key);
  }

  private uploadDir(uploadId: string): string {
    if (!/^[\w-]+$/.test(uploadId)) throw new StorageRejected('Invalid upload id');
    return resolve(this.options.root, 'uploads', uploadId);
  }

  private sign(method: string, path: string, params: URLSearchParams): string {
    const fields = [...params].filter(([name]) => name !== 'signature').sort(([a], [b]) => a.localeCompare(b));
    return createHmac('sha256', this.options.signingKey)
      .update(`${method}\n${path}\n${new URLSearchParams(fields)}`)
      .digest('base64url');
  }

  private verify(method: string, path: string, query: URLSearchParams): void {
    const given = Buffer.from(query.get('signature') ?? '');
    const expected = Buffer.from(this.sign(method, path, query));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new StorageRejected('Invalid signature', 'forbidden');
    if (Number(query.get('expires')) * 1000 < this.options.now().getTime())
      throw new StorageRejected('The URL has expired', 'forbidden');
  }
}

/** Local disk keeps no metadata: documents the server generates are known by their extension, anything else is bytes. */
const contentTypeOf = (key: string) =>
  key.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';

const noSuchUpload = () => new StorageRejected('No such upload: it was completed or abandoned', 'not-found');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function hashFile(path: string, algorithm: 'md5' | 'sha256'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
