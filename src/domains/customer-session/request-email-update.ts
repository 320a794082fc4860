// An e-mail update asked for: a code for the new address (`customer-code.ts`: one at a time, at most one a minute),
// e-mailed to it with the transaction. Whether another customer has the address is told only to whoever proves it.
import { invalidField, TooManyRequests } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { CustomerOwner } from '../../platform/http/route';
import { issueCustomerCode } from './customer-code';
import { emailUpdateCodeEmail } from './email-update-code.email';
import type { EmailUpdateDeps } from './email-update-deps';

export async function requestEmailUpdate(
  deps: EmailUpdateDeps,
  tx: Tx,
  caller: CustomerOwner,
  email: string,
): Promise<void> {
  const customer = await deps.customers.get(tx.em, caller.organizationId, caller.customerId, { lock: true });
  if (email.toLowerCase() === customer.email.toLowerCase())
    throw invalidField(['body', 'email'], 'This is already your e-mail address.');
  const organization = await deps.organizations.findOrganization(tx.em, caller.organizationId);
  const issued = await issueCustomerCode(deps, tx, {
    organizationId: organization.id,
    customerId: customer.id,
    purpose: 'email_update',
    address: email,
  });
  if ('retryAfterSeconds' in issued)
    throw new TooManyRequests(
      issued.retryAfterSeconds,
      'A code was sent less than a minute ago; ask again once a minute has passed.',
    );
  await deps.email.enqueue(tx, {
    organizationId: organization.id,
    to: email,
    template: emailUpdateCodeEmail,
    params: {
      code: issued.code,
      organizationName: organization.name,
      validMinutes: Math.round(deps.codeTtlSeconds / 60),
    },
    expiresAt: issued.expiresAt,
  });
}
