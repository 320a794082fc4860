export { DisputeService } from './dispute.service';
export type { DisputeDeps } from './dispute-deps';
export { moveDispute } from './move-dispute';
export { disputeModule } from './dispute.module';
