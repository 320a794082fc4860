// The port other domains hook into members through: told, in the same transaction, when a member is deleted.
import type { Tx } from '../../../platform/database/transaction';
import type { StoredMember } from './member.reads';

/**
 * A domain that holds something of a member (its sessions, its seats) and lets go of it when the member is deleted
 * through the API or the portal, in the deleting transaction. A deleted customer's members are not announced one by
 * one: followers of customers see that.
 */
export interface MemberFollower {
  memberDeleted(tx: Tx, member: StoredMember): Promise<void>;
}
