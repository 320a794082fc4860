// A new benefit: its properties checked; benefit.created.
import type { BenefitCreate } from '../../contracts/benefit-create';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { FileQueries } from '../file';
import type { MeterService } from '../meter';
import { Benefit } from './benefit.entity';
import { benefitOutput } from './benefit.output';
import { checkedBenefitProperties } from './benefit-properties';

export async function createBenefit(
  deps: { clock: Clock; outbox: OutboxService; meters: MeterService; files: FileQueries },
  tx: Tx,
  organizationId: string,
  input: BenefitCreate,
): Promise<Benefit> {
  if (!('description' in input)) throw invalidField(['body', 'type'], 'Unsupported benefit type'); // narrows the type: the contract refuses these
  const properties = await checkedBenefitProperties(deps, tx.em, organizationId, input.type, input.properties);
  const benefit = tx.em.create(Benefit, {
    id: newId(),
    organizationId,
    type: input.type,
    description: input.description,
    visibility: input.visibility ?? 'public',
    properties,
    metadata: input.metadata,
    deletedAt: null,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  deps.outbox.enqueueEvent(tx, organizationId, 'benefit.created', benefitOutput(benefit));
  await tx.em.flush();
  return benefit;
}
