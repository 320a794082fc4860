// The bodies of error answers: any error, and a request that failed its schema (422).
import { z } from 'zod';

export const ErrorBody = z
  .object({
    type: z.string(),
    title: z.string(),
    detail: z.string(),
    status: z.int32(),
    request_id: z.string(),
    error: z.string(),
  })
  .meta({ id: 'Error' });

export const ValidationErrorBody = z
  .object({
    type: z.string(),
    title: z.string(),
    detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.int32()])), msg: z.string(), type: z.string() })),
    status: z.literal(422),
    request_id: z.string(),
    error: z.literal('RequestValidationError'),
  })
  .meta({ id: 'HTTPValidationError' });
