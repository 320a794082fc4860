// A file being uploaded, as its creation answers: signed URLs to PUT its parts to.
import { z } from 'zod';
import { Timestamp } from './common';
import { fileBase } from './file';
import { FileCreatePart } from './file-create';
import { FILE_SERVICES } from './file-service';

export const FileUpload = z
  .object({
    ...fileBase,
    service: z.enum(FILE_SERVICES),
    upload: z.object({
      id: z.string(),
      path: z.string(),
      parts: z.array(
        FileCreatePart.extend({
          url: z.string(),
          expires_at: Timestamp,
          headers: z.record(z.string(), z.string()).optional(),
        }),
      ),
    }),
  })
  .meta({ id: 'FileUpload' });
