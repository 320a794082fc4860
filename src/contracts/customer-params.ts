// The customer endpoints' other parameters: the external id in the path, and whether a deletion anonymizes.
import { z } from 'zod';
import { queryBoolean } from './query-params';

export const ExternalIdParams = z.object({ external_id: z.string().min(1).max(255) });
export const CustomerDeleteQuery = z.object({ anonymize: queryBoolean.transform((value) => value ?? false) });
