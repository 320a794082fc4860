export { BenefitQueries } from './benefit.queries';
export { benefitOutput } from './benefit.output';
export { LicenseKeyService } from './license-key/license-key.service';
export { BenefitGrantService } from './grant/benefit-grant.service';
export { GrantRequests } from './grant/grant-requests';
export type {
  GrantSourceReader,
  GrantSourceState,
  SeatGrantSourceReader,
  SeatGrantSourceState,
  SeatPurchase,
} from './grant/grant-source';
export { BenefitGrantQueries } from './grant/benefit-grant.queries';
export { DownloadableService } from './downloadable/downloadable.service';
export { benefitModule } from './benefit.module';
