// Files and license tokens: size and link limits, and the S3-compatible store files may live in.
import { z } from 'zod';
import { int } from './fields';

export const fileFields = {
  FILE_MAX_SIZE_BYTES: int(100 * 1024 * 1024),
  FILE_URL_TTL_SECONDS: int(3600),
  /** The longest an offline license token lives, so revocations reach apps at the latest then (30 days). */
  LICENSE_TOKEN_TTL_SECONDS: int(30 * 24 * 3600),
  /** Any S3-compatible store; without S3_BUCKET files live on local disk under DATA_DIR/files. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_PUBLIC_URL: z.url().optional(),
};
