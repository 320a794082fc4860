// Chooses the file storage adapter from the configuration: S3-compatible when S3_BUCKET is set, local disk otherwise.
// Environments never share files: S3 keys carry the environment (see objectKey); on local disk each environment has
// its own folder and its own URL-signing key.
import { resolve } from 'node:path';
import type { FileStorage } from '../adapters/storage/file-storage';
import { adoptLegacyObjects } from '../adapters/storage/legacy-layout';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { S3Storage } from '../adapters/storage/s3-storage';
import type { Clock } from '../kernel/clock';
import { deriveKey } from '../platform/crypto/derived-key';
import type { Config, Environment } from '../platform/config';

export function createFileStorage(config: Config, environment: Environment, clock: Clock): FileStorage {
  const now = () => clock.now();
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicBaseUrl: config.S3_PUBLIC_URL,
      now,
    });
  }
  const filesDir = resolve(config.DATA_DIR, 'files');
  const root = resolve(filesDir, environment);
  adoptLegacyObjects(filesDir, environment, root);
  return new LocalDiskStorage({
    root,
    publicBaseUrl: config.publicUrls[environment],
    signingKey: deriveKey(config.BURSAR_SECRET, `storage:${environment}`),
    now,
  });
}
