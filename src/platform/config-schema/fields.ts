// The field kinds several configuration groups use.
import { z } from 'zod';

/** A positive whole number, `fallback` when unset. */
export const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
