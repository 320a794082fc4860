// The field kinds several configuration groups use.
import { z } from 'zod';

/** A positive whole number, `fallback` when unset. */
export const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A TCP port, `fallback` when unset; 0 for a listener turned off. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
