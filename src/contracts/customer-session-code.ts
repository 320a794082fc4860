// Logging in to the customer portal with a code: asking for it by e-mail, and exchanging it for a session token.
import { z } from 'zod';
import { Uuid } from './common';

/** Asks for a login code by e-mail: answered 202 whether or not the address is a customer's, so it reveals nothing. */
export const CustomerSessionCodeRequest = z
  .object({ email: z.email().max(320), organization_id: Uuid })
  .meta({ id: 'CustomerSessionCodeRequest' });
export const CustomerSessionCodeRequested = z.object({});

/**
 * Exchanges the e-mailed code for a customer session token. The code counts only with the address and organization
 * it was sent for, so two customers' codes never stand for each other.
 */
export const CustomerSessionCodeAuthenticate = z
  .object({
    email: z.email().max(320),
    organization_id: Uuid,
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, 'The 6-character code from the e-mail'),
  })
  .meta({ id: 'CustomerSessionCodeAuthenticateRequest' });
export const CustomerSessionCodeAuthenticated = z
  .object({ token: z.string() })
  .meta({ id: 'CustomerSessionCodeAuthenticateResponse' });
