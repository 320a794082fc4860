// A login code issued: to a customer (or a member of one, `loginTarget`) of the organization with this address only,
// not twice within a minute, one per customer and member (`customer-code.ts`); e-mailed with the transaction.
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { issueCustomerCode } from './customer-code';
import { loginTarget, type Addressee } from './login-code-parts';
import { loginCodeEmail } from './login-code.email';

export async function issueLoginCode(
  deps: {
    clock: Clock;
    serverSecret: string;
    codeTtlSeconds: number;
    customers: CustomerService;
    organizations: OrganizationService;
    email: EmailQueue;
  },
  tx: Tx,
  { email, organization_id }: Addressee,
): Promise<void> {
  const organization = await deps.organizations.findOrganization(tx.em, organization_id).catch(() => null);
  const target = organization && (await loginTarget(deps.customers, tx.em, organization.id, email));
  if (!organization || !target) return;
  const issued = await issueCustomerCode(deps, tx, {
    organizationId: organization.id,
    customerId: target.customer.id,
    memberId: target.memberId,
    purpose: 'login',
    address: target.address,
  });
  if (!('code' in issued)) return; // asked again within a minute: the answer is the same, no second e-mail
  await deps.email.enqueue(tx, {
    organizationId: organization.id,
    to: target.address,
    template: loginCodeEmail,
    params: {
      code: issued.code,
      organizationName: organization.name,
      validMinutes: Math.round(deps.codeTtlSeconds / 60),
    },
    expiresAt: issued.expiresAt,
  });
}
