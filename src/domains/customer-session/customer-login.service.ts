// The portal's self-service login: a 6-character code e-mailed to the customer (kept only as an HMAC digest, valid
// 30 minutes, good once, one per customer, used up by 5 wrong guesses), exchanged with the address and the
// organization for a customer session token.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { Unauthorized } from '../../kernel/errors';
import { inTransaction } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import type { CustomerSessionService } from './customer-session.service';
import { issueLoginCode } from './issue-login-code';
import type { Addressee } from './login-code-parts';
import { redeemLoginCode } from './redeem-login-code';
import { logger } from '../../platform/logging/logger';

export interface CustomerLoginServiceDeps {
  orm: MikroORM;
  clock: Clock;
  serverSecret: string;
  codeTtlSeconds: number;
  customers: CustomerService;
  organizations: OrganizationService;
  sessions: CustomerSessionService;
  email: EmailQueue;
}

const REFUSED = 'This code is wrong, expired or already used.';

export class CustomerLoginService {
  constructor(private readonly deps: CustomerLoginServiceDeps) {}

  /**
   * Answers at once, the same for any address: whether it is a customer's (and the code and its e-mail) is settled
   * after the answer, so neither the answer nor its timing tells.
   */
  requestCode(addressee: Addressee): void {
    inTransaction(this.deps.orm, (tx) => issueLoginCode(this.deps, tx, addressee)).catch((error) =>
      logger().error({ err: error }, 'a login code request failed'),
    );
  }

  /**
   * The customer's live code, once and before it expires, for a session token; the address is then verified. A
   * wrong guess is counted (and committed) before the refusal.
   */
  async authenticate(body: Addressee & { code: string }): Promise<{ token: string }> {
    const token = await inTransaction(this.deps.orm, (tx) => redeemLoginCode(this.deps, tx, body));
    if (!token) throw new Unauthorized(REFUSED);
    return { token };
  }
}
