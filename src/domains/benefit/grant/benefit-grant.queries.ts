// Reads of grants: the lists (`GET /v1/benefit-grants/`, `GET /v1/benefits/{id}/grants`), what a customer holds
// now, for the customer's state, and a customer's own grants, for the customer portal.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import type { BenefitGrantListQuery, BenefitGrantsOfBenefitQuery } from '../../../contracts/benefit-grant-query';
import type { CustomerStateBenefitGrant } from '../../../contracts/customer-state-benefit-grant';
import type { Page } from '../../../platform/database/owned-repository';
import type { DownloadableService } from '../downloadable/downloadable.service';
import type { AccountViewer } from './benefit-grant.logic';
import {
  grantOfCustomer,
  grantPageOfCustomer,
  type CustomerGrantFilter,
  type CustomerGrantPage,
} from './customer-grants';
import { grantedBenefits } from './granted-benefits';
import { grantList, grantListOfBenefit } from './grant-lists';

export class BenefitGrantQueries {
  constructor(private readonly downloads: DownloadableService) {}

  list(em: EntityManager, organizationId: string, query: BenefitGrantListQuery): Promise<Page<BenefitGrantOutput>> {
    return grantList(em, organizationId, query);
  }

  listOfBenefit(
    em: EntityManager,
    organizationId: string,
    benefitId: string,
    query: BenefitGrantsOfBenefitQuery,
  ): Promise<Page<BenefitGrantOutput>> {
    return grantListOfBenefit(em, organizationId, benefitId, query);
  }

  /** The customer's grants in force, in the customer state's shape (downloads as fresh signed links). */
  grantedBenefits(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateBenefitGrant[]> {
    return grantedBenefits(this.downloads, em, organizationId, customerId);
  }

  /** The customer's own grants (the customer portal's list) as the API shows them, each with its benefit, deleted or not. */
  pageOfCustomer(
    em: EntityManager,
    owner: AccountViewer,
    filter: CustomerGrantFilter,
    page: CustomerGrantPage,
  ): Promise<Page<BenefitGrantOutput>> {
    return grantPageOfCustomer(em, owner, filter, page);
  }

  /** One of the customer's own grants as the API shows it; another's, or none, is 404. */
  getOfCustomer(em: EntityManager, owner: AccountViewer, id: string): Promise<BenefitGrantOutput> {
    return grantOfCustomer(em, owner, id);
  }
}
