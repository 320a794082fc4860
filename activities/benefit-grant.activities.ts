// Benefit grant activities: the one sync of a grant, its own transaction.
import type { BenefitGrantService, GrantRequests } from '../src/domains/benefit';
import type { BenefitGrantInput, GrantFanOutInput } from '../workflows/definitions';

export const createBenefitGrantActivities = (grants: BenefitGrantService, requests: GrantRequests) => ({
  /** Grants, re-grants, cycles, refreshes or revokes the grant as its source says; benefit_grant.*, customer.state_changed. */
  syncBenefitGrant: (input: BenefitGrantInput) => grants.sync(input),
  /** Asks one page of the grants a change reaches to sync (outbox rows); `done` after the last. */
  syncGrantsPage: (input: GrantFanOutInput, offset: number) => requests.syncPage(input, offset),
});
