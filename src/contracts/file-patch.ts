// What a file is changed with: its name and version.
import { z } from 'zod';

export const FilePatch = z
  .object({ name: z.string().trim().min(1).max(255).nullish(), version: z.string().max(255).nullish() })
  .meta({ id: 'FilePatch' });
export type FilePatch = z.infer<typeof FilePatch>;
