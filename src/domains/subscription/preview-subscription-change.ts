// A change's preview: `planChange` on the subscription as it stands, at the subscription's clock, applied to a row
// that is never saved (an entity manager that flushes only when told, and is not told) — no writes, no events, no
// charge. What it shows is what execution (change-subscription.ts, apply-subscription-command.ts) does with the same
// plan, and the next renewal as the renewal step writes it.
import { FlushMode } from '@mikro-orm/core';
import type { ChangePreviewBody } from '../../contracts/subscription-change-preview';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { NewOrder } from '../order';
import { benefitEffects } from './change-benefits.logic';
import type { CommandDeps } from './command-deps';
import { changeOrder } from './invoice-plan-change';
import { nextRenewalOrder, renewalOrderAt } from './next-renewal';
import { applyPlanned, planChange } from './planned-change';
import type { SubscriptionCommand } from './subscription.logic';
import { grantsBenefits } from './subscription.entity';

export interface ChangePreview {
  preview: ChangePreviewBody;
  /** The subscription as it would be after the change. */
  subscription: SubscriptionOutput;
}

/** What `command` would do to the organization's subscription `id` now, by the code that does it. */
export async function previewSubscriptionChange(
  deps: CommandDeps,
  organizationId: string,
  id: string,
  command: SubscriptionCommand,
): Promise<ChangePreview> {
  const em = deps.orm.em.fork({ flushMode: FlushMode.COMMIT });
  const s = await deps.subscriptions.get(em, organizationId, id);
  const at = await deps.billing.testClocks.now(em, s.testClockId);
  const plan = await planChange(deps, em, s, command, at);
  const targetId = plan.kind === 'change' ? plan.target.productId : s.productId;
  const products = await deps.products.outputsByIds(em, organizationId, [...new Set([s.productId, targetId])]);
  const benefitsOf = (productId: string) => products.find((p) => p.id === productId)?.benefits ?? [];
  const kept =
    plan.kind === 'pause' && plan.command.kind === 'pause' ? plan.command.keepBenefits : s.pauseKeepsBenefits;
  const benefits = benefitEffects(plan.kind, benefitsOf(s.productId), benefitsOf(targetId), kept, grantsBenefits(s));

  applyPlanned(s, plan);
  // A resume renews at once (the workflow's renewal step from the resume date): that order is what is due now.
  const resumed = plan.kind === 'resume' ? (await renewalOrderAt(deps.billing, em, s, at)).order : null;
  const dueNow = plan.kind === 'change' && plan.billing === 'now' ? changeOrder(deps, s, plan, 'preview') : resumed;
  const due = dueNow && bill(dueNow);
  const [subscription] = await deps.subscriptions.outputs(em, [s]);
  const renewal = await nextRenewalOrder(deps.billing, em, s); // moves the unsaved row into the next period
  em.clear();
  const ref = ({ id, type, description }: { id: string; type: string; description: string }) => ({
    id,
    type: type as ChangePreviewBody['benefits']['granted'][number]['type'],
    description,
  });
  const answer: ChangePreview = {
    preview: {
      kind: plan.kind,
      proration_behavior: plan.kind === 'change' ? plan.command.proration : null,
      previewed_at: at.toISOString(),
      effective_at: plan.effectiveAt.toISOString(),
      currency: subscription.currency,
      lines: plan.lines.map((line) => ({
        label: line.label,
        amount: line.amount,
        proration: true,
        product_price_id: line.priceId,
      })),
      billed: resumed ? 'now' : plan.billing,
      due_now: due,
      amount_due_now: due?.total_amount ?? 0,
      next_renewal: renewal && { ...bill(renewal.order), renews_at: renewal.renewsAt.toISOString() },
      benefits: {
        granted: benefits.granted.map(ref),
        revoked: benefits.revoked.map(ref),
        effective_at: plan.effectiveAt.toISOString(),
      },
    },
    subscription,
  };
  if (plan.kind === 'change') {
    const change = { organizationId, customerId: s.customerId, subscriptionId: s.id, productId: targetId };
    for (const follower of deps.previewFollowers) await follower({ ...change, preview: answer.preview });
  }
  return answer;
}

/** An order to be written, as the Order will show its lines and amounts (create-order.ts). */
function bill(order: NewOrder) {
  return {
    lines: order.items.map((item) => ({
      label: item.label,
      amount: item.amount,
      proration: item.proration ?? false,
      product_price_id: item.productPriceId,
    })),
    subtotal_amount: order.items.reduce((sum, item) => sum + item.amount, 0),
    discount_amount: order.discountAmount,
    net_amount: order.netAmount,
    tax_amount: order.taxAmount,
    total_amount: order.netAmount + order.taxAmount,
  };
}
