// A plan change previewed, in the timeline: what the customer or merchant was shown before changing (the change's entry
// links to it). A preview writes nothing else, so its entry is written in a transaction of its own, and a failure to
// write it does not fail the preview (the change, if made, is recorded all the same).
import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import { formatAmount } from '../../kernel/money';
import { inTransaction } from '../../platform/database/transaction';
import type { ChangePreviewFollower } from '../subscription';
import type { TimelineRecorder } from './record-timeline';
import { logger } from '../../platform/logging/logger';

export function previewEntries(orm: MikroORM, recorder: TimelineRecorder): ChangePreviewFollower {
  return (change) => {
    const { preview } = change;
    const due = formatAmount(preview.amount_due_now, preview.currency);
    const written = inTransaction(orm, async (tx) =>
      recorder.add(tx, {
        id: newId(),
        organizationId: change.organizationId,
        customerId: change.customerId,
        at: new Date(preview.previewed_at),
        type: 'subscription.change_previewed',
        resourceType: 'subscription',
        resourceId: change.subscriptionId,
        subscriptionId: change.subscriptionId,
        amount: preview.amount_due_now,
        currency: preview.currency,
        summary: `Previewed a plan change: ${preview.billed === 'now' ? `${due} due now` : `billed ${preview.billed}`}`,
        details: {
          product_id: change.productId,
          proration_behavior: preview.proration_behavior,
          billed: preview.billed,
          effective_at: preview.effective_at,
          lines: preview.lines,
          next_renewal_total: preview.next_renewal?.total_amount ?? null,
        },
        eventId: null,
        // The same preview asked again within a minute (a page refreshed, a form retyped) is one entry.
        dedupeKey: `preview:${change.subscriptionId}:${change.productId}:${preview.proration_behavior}:${preview.amount_due_now}:${new Date().toISOString().slice(0, 16)}`,
      }),
    );
    return written.catch((error) => logger().error({ err: error }, 'the timeline could not record a preview'));
  };
}
