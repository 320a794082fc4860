// The portal's e-mail update: a 6-character code e-mailed to the new address (the login's codes: digest, 30 minutes,
// good once, 5 wrong guesses, one a minute), checked, then exchanged for the change and a new session.
import { invalidField, Unauthorized } from '../../kernel/errors';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { AuthenticatedCustomer, CustomerOwner } from '../../platform/http/route';
import type { EmailUpdateDeps } from './email-update-deps';
import { requestEmailUpdate } from './request-email-update';
import { checkEmailUpdate, verifyEmailUpdate } from './verify-email-update';

const REFUSED = 'This code is wrong, expired or already used.';

export class EmailUpdateService {
  constructor(private readonly deps: EmailUpdateDeps) {}

  /** A code for `email`, e-mailed to it (422 for the current address, 429 within a minute of the last code). */
  request(tx: Tx, caller: CustomerOwner, email: string): Promise<void> {
    return requestEmailUpdate(this.deps, tx, caller, email);
  }

  /** 401 unless `code` is the caller's live code; a wrong one is counted (and committed) before the refusal. */
  async check(caller: CustomerOwner, code: string): Promise<void> {
    if (!(await inTransaction(this.deps.orm, (tx) => checkEmailUpdate(this.deps, tx, caller, code))))
      throw new Unauthorized(REFUSED);
  }

  /** The change, and a new session token; 401 for a wrong code, 422 when another customer has the address. */
  async verify(caller: AuthenticatedCustomer, code: string): Promise<{ token: string }> {
    const outcome = await inTransaction(this.deps.orm, (tx) => verifyEmailUpdate(this.deps, tx, caller, code));
    if (outcome.kind === 'refused') throw new Unauthorized(REFUSED);
    if (outcome.kind === 'taken')
      throw invalidField(['body', 'token'], 'The address this code confirms is already in use by another customer.');
    return { token: outcome.token };
  }
}
