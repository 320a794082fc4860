// Disputes over the API: read them, accept one (an Update of its flow), and in the sandbox open one for a paid order
// and decide it (our addition).
import type { EntityManager } from '@mikro-orm/postgresql';
import { disputeMoveUpdate, disputeWorkflowId, type DisputeMove } from '../../../workflows/dispute-definitions';
import type { Dispute as DisputeOutput, SandboxDisputeCreate } from '../../contracts/dispute';
import type { DisputeListQuery } from '../../contracts/dispute-list-query';
import type { Tx } from '../../platform/database/transaction';
import type { DisputeDeps } from './dispute-deps';
import type { Dispute } from './dispute.entity';
import { DisputeNotOpenError, sandboxOnly, undisputableOrder } from './dispute.errors';
import { disputeOutput } from './dispute.output';
import { isClosed } from './dispute.logic';
import { disputes, listDisputes } from './dispute-list';
import { openDispute } from './open-dispute';

export class DisputeService {
  constructor(private readonly deps: DisputeDeps) {}

  get(em: EntityManager, organizationId: string, id: string): Promise<Dispute> {
    return disputes.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: DisputeListQuery) {
    return listDisputes(em, organizationId, query);
  }

  /** Disputes as the API shows them, their customers read once. */
  async outputs(em: EntityManager, organizationId: string, rows: Dispute[]): Promise<DisputeOutput[]> {
    const customers = new Map(
      (await this.deps.customers.outputs(em, organizationId, [...new Set(rows.map((d) => d.customerId))])).map((c) => [
        c.id,
        c,
      ]),
    );
    const outputs = [];
    for (const dispute of rows) {
      const now = await this.deps.testClocks.now(em, dispute.testClockId);
      outputs.push(disputeOutput(dispute, now, customers.get(dispute.customerId)!));
    }
    return outputs;
  }

  /** Concedes the dispute (its flow's Update): lost, the loss recorded; 409 when it is no longer open. */
  accept(em: EntityManager, organizationId: string, id: string): Promise<DisputeOutput> {
    return this.move(em, organizationId, id, { kind: 'accept' });
  }

  /** Sandbox: the card network decides the dispute. */
  resolveInSandbox(em: EntityManager, organizationId: string, id: string, status: 'won' | 'lost') {
    if (!this.deps.sandbox) throw sandboxOnly();
    return this.move(em, organizationId, id, { kind: 'status', status });
  }

  /** Sandbox: the paid order's cardholder disputes what of its charge is not refunded. */
  async openInSandbox(tx: Tx, organizationId: string, body: SandboxDisputeCreate): Promise<DisputeOutput> {
    const sandbox = this.deps.processor?.sandboxDisputes;
    if (!this.deps.sandbox || !sandbox) throw sandboxOnly();
    const order = await this.deps.orders.get(tx.em, organizationId, body.order_id).catch(() => null);
    if (!order) throw undisputableOrder('No such order in this organization.');
    const payment = order.chargeId && (await this.deps.payments.ofCharge(tx.em, [order.chargeId]));
    if (!payment || (order.status !== 'paid' && order.status !== 'partially_refunded'))
      throw undisputableOrder('Only an order paid with a charge can be disputed.');
    if (order.dispute) throw undisputableOrder('This order is disputed already.');
    const disputed = await sandbox.open(order.chargeId!, body.reason ?? 'fraudulent').catch(() => null);
    if (!disputed) throw undisputableOrder('Nothing of this order’s charge is left to dispute.');
    const { dispute } = await openDispute(this.deps, tx, {
      organizationId,
      orderId: order.id,
      paymentId: payment.id,
      processorDisputeId: disputed.id,
      gross: disputed.amount,
      reason: disputed.reason,
      status: 'needs_response',
      deadlineOutcome: null,
    });
    return (await this.outputs(tx.em, organizationId, [dispute]))[0];
  }

  private async move(em: EntityManager, organizationId: string, id: string, move: DisputeMove) {
    const dispute = await this.get(em, organizationId, id);
    // A closed dispute's flow has ended: the row answers (its validator answers while it runs).
    if (isClosed(dispute.status)) throw new DisputeNotOpenError(`This dispute is ${dispute.status}.`);
    await this.deps.flows.update(disputeWorkflowId(id), disputeMoveUpdate, [move], {
      errors: [DisputeNotOpenError],
      notStarted: 'The dispute is still being opened; try again in a moment.',
    });
    await em.refresh(dispute);
    return (await this.outputs(em, organizationId, [dispute]))[0];
  }
}
