// What a token may grant or manage: only scopes it carries itself, never a more powerful token.
import { NotPermitted } from '../../kernel/errors';
import { scopesBeyond } from './organization.logic';

export function assertGrantable(scopes: readonly string[], grantor: ReadonlySet<string>): void {
  const beyond = scopesBeyond(scopes, grantor);
  if (beyond.length)
    throw new NotPermitted(
      `A token can only grant (or manage) scopes it carries itself; this one lacks ${beyond.join(', ')}.`,
    );
}
