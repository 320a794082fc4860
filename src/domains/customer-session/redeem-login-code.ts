// A login code redeemed: the customer's (or member's) live code and address, once, for a session token; a wrong guess counted, the
// code used up after too many (`customer-code.ts`).
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { CustomerService } from '../customer';
import { claimCustomerCode } from './customer-code';
import type { CustomerSessionService } from './customer-session.service';
import { loginTarget, type Addressee } from './login-code-parts';

/** The session token, or null when the code is wrong, expired or used. */
export async function redeemLoginCode(
  deps: { clock: Clock; serverSecret: string; customers: CustomerService; sessions: CustomerSessionService },
  tx: Tx,
  { email, organization_id, code }: Addressee & { code: string },
): Promise<string | null> {
  const target = await loginTarget(deps.customers, tx.em, organization_id, email);
  if (!target) return null;
  const { customer, memberId, address } = target;
  const claimed = await claimCustomerCode(deps, tx, {
    customerId: customer.id,
    memberId,
    purpose: 'login',
    code,
    address,
    use: true,
  });
  if (!claimed) return null;
  if (address === customer.email) await deps.customers.markEmailVerified(tx.em, customer);
  return (await deps.sessions.open(tx.em, customer, null, memberId)).token;
}
