// The payment follower that counts declined charge attempts (a checkout's, a renewal's, a retry's) once recorded.
import type { BusinessMetrics } from '../../platform/prometheus';
import type { PaymentFollower } from './payment-deps';

export function countDeclines(metrics: BusinessMetrics): PaymentFollower {
  return {
    async succeeded() {},
    async declined(tx, payment) {
      tx.afterCommit(async () => metrics.chargeFailed(payment.reason));
    },
  };
}
