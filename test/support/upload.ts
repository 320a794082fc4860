// A client of the reference's multipart upload flow, as an SDK user would drive it.
import { createHash } from 'node:crypto';
import type { TestHarness } from './harness';

export const sha256Base64 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

export interface UploadOptions {
  service?: 'downloadable' | 'product_media' | 'organization_avatar';
  partSize?: number;
  /** Overrides the checksum declared at creation (to test mismatches). */
  declaredSha256?: string | null;
  name?: string;
  environment?: 'production' | 'sandbox';
}

/** Creates the file, PUTs every part to its presigned URL, and returns what completion needs. */
export async function uploadParts(h: TestHarness, token: string, data: Buffer, options: UploadOptions = {}) {
  const partSize = options.partSize ?? 5;
  const parts = [];
  for (let start = 0, number = 1; start < data.length; start += partSize, number++) {
    const chunk = data.subarray(start, Math.min(start + partSize, data.length));
    parts.push({
      number,
      chunk_start: start,
      chunk_end: start + chunk.length,
      checksum_sha256_base64: sha256Base64(chunk),
    });
  }
  const created = await h.request('POST', '/v1/files/', {
    token,
    environment: options.environment,
    json: {
      service: options.service ?? 'downloadable',
      name: options.name ?? 'manual.pdf',
      mime_type: 'application/pdf',
      size: data.length,
      checksum_sha256_base64: options.declaredSha256 === undefined ? sha256Base64(data) : options.declaredSha256,
      upload: { parts },
    },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const etags: { number: number; checksum_etag: string; checksum_sha256_base64: string }[] = [];
  for (const part of created.body.upload.parts) {
    const response = await fetch(part.url, {
      method: 'PUT',
      body: data.subarray(part.chunk_start, part.chunk_end),
      headers: part.headers ?? {},
    });
    if (response.status !== 200)
      throw new Error(`part ${part.number} failed: ${response.status} ${await response.text()}`);
    etags.push({
      number: part.number,
      checksum_etag: response.headers.get('etag') ?? '',
      checksum_sha256_base64: part.checksum_sha256_base64,
    });
  }
  return {
    created: created.body,
    completion: { id: created.body.upload.id, path: created.body.upload.path, parts: etags },
  };
}

export async function upload(h: TestHarness, token: string, data: Buffer, options: UploadOptions = {}) {
  const { created, completion } = await uploadParts(h, token, data, options);
  return h.request('POST', `/v1/files/${created.id}/uploaded`, {
    token,
    json: completion,
    environment: options.environment,
  });
}
