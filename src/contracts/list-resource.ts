// The envelope of every list answer: its items and the pagination.
import { z } from 'zod';

export const Pagination = z.object({ total_count: z.int32(), max_page: z.int32() });

export const ListResource = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), pagination: Pagination });
