// The portal's e-mail update: a code asked for the new address, checked, and exchanged for the change.
import { z } from 'zod';
import { queryOne } from './query-params';

/** The new address: a 6-character code goes to it (answered 202; whether another customer has it is not told here). */
export const CustomerEmailUpdateRequest = z
  .object({ email: z.email().max(320) })
  .meta({ id: 'CustomerEmailUpdateRequest' });
export const CustomerEmailUpdateRequested = z.object({});

/** The code e-mailed to the new address (the reference's `token`). */
const Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/, 'The 6-character code from the e-mail');

export const CustomerEmailUpdateCheckQuery = z.object({ token: queryOne(Code) });

export const CustomerEmailUpdateVerifyRequest = z
  .object({ token: Code })
  .meta({ id: 'CustomerEmailUpdateVerifyRequest' });

/** A new customer session token: verifying ends the customer's other sessions, the caller's too. */
export const CustomerEmailUpdateVerifyResponse = z
  .object({ token: z.string() })
  .meta({ id: 'CustomerEmailUpdateVerifyResponse' });
