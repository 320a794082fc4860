// A file to download: a signed, expiring URL.
import { z } from 'zod';
import { Timestamp } from './common';
import { fileBase } from './file';
import { FILE_SERVICES } from './file-service';

export const FileDownload = z
  .object({
    ...fileBase,
    service: z.enum(FILE_SERVICES),
    download: z.object({ url: z.string(), expires_at: Timestamp }),
  })
  .meta({ id: 'FileDownload' });
