// Benefit grant activities: the one sync of a grant, its own transaction.
import type { BenefitGrantService } from '../src/domains/benefit';
import type { BenefitGrantInput } from '../workflows/definitions';

export const createBenefitGrantActivities = (grants: BenefitGrantService) => ({
  /** Grants, re-grants, cycles, refreshes or revokes the grant as its source says; benefit_grant.*, customer.state_changed. */
  syncBenefitGrant: (input: BenefitGrantInput) => grants.sync(input),
});
