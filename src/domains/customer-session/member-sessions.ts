// A deleted member's sessions end with it, in the deleting transaction.
import type { Clock } from '../../kernel/clock';
import type { MemberFollower } from '../customer';
import { CustomerSession } from './customer-session.entity';

export function memberSessionsFollower(deps: { clock: Clock }): MemberFollower {
  return {
    async memberDeleted(tx, member) {
      const now = deps.clock.now();
      await tx.em.nativeUpdate(
        CustomerSession,
        { memberId: member.id, revokedAt: null },
        { revokedAt: now, modifiedAt: now },
      );
    },
  };
}
