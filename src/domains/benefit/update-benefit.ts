// A benefit's changes: its type stays; benefit.updated, and its grants synced when what they give changed.
import type { BenefitUpdate } from '../../contracts/benefit-update';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';
import type { Benefit } from './benefit.entity';
import { benefitOutput } from './benefit.output';
import { checkedBenefitProperties } from './benefit-properties';

export async function updateBenefit(
  deps: {
    clock: Clock;
    outbox: OutboxService;
    meters: MeterService;
    files: FileQueries;
    grants: { benefitChanged(tx: Tx, organizationId: string, benefitId: string): Promise<void> };
  },
  tx: Tx,
  benefit: Benefit,
  input: BenefitUpdate,
): Promise<Benefit> {
  const { organizationId } = benefit;
  if (input.type !== benefit.type)
    throw invalidField(['body', 'type'], `This benefit is of type "${benefit.type}"; its type cannot change.`);
  if (input.description != null) benefit.description = input.description;
  if (input.visibility != null) benefit.visibility = input.visibility;
  if (input.metadata !== undefined) benefit.metadata = input.metadata;
  const before = JSON.stringify(benefit.properties);
  if (input.properties != null)
    benefit.properties = await checkedBenefitProperties(deps, tx.em, organizationId, benefit.type, input.properties);
  benefit.modifiedAt = deps.clock.now();
  deps.outbox.enqueueEvent(tx, organizationId, 'benefit.updated', benefitOutput(benefit));
  await tx.em.flush();
  if (JSON.stringify(benefit.properties) !== before) await deps.grants.benefitChanged(tx, organizationId, benefit.id); // what grants give changed
  return benefit;
}
