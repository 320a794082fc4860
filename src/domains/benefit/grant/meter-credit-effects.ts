// What a meter-credit benefit's grant does: a period's units credited to the customer's meter, what is left withdrawn
// at revocation or a new period (unless it rolls over).
import type { Tx } from '../../../platform/database/transaction';
import { creditCount, creditMeter, outstandingCredit } from '../../meter';
import type { Benefit } from '../benefit.entity';
import type { BenefitGrant } from './benefit-grant.entity';
import type { GrantStep } from './benefit-grant.logic';

interface MeterCreditProperties {
  meter_id: string;
  units: number;
  rollover: boolean;
}

/**
 * A period's credits: a new period first withdraws what is left of the last one, unless the benefit rolls it over
 * (what is left counts from the meter's last reset: a billed period's reset has already taken back the rest).
 */
export async function creditPeriod(
  tx: Tx,
  grant: BenefitGrant,
  benefit: Benefit,
  context: { step: GrantStep; at: Date },
): Promise<Record<string, unknown>> {
  const { meter_id, units, rollover } = benefit.properties as unknown as MeterCreditProperties;
  if (context.step === 'cycle' && !rollover) await withdrawOutstanding(tx, grant, context.at);
  await credit(tx, grant, { meterId: meter_id, units, rollover, at: context.at });
  return { last_credited_meter_id: meter_id, last_credited_units: units, last_credited_at: context.at.toISOString() };
}

/** The grant's credits still outstanding, withdrawn. */
export async function withdrawOutstanding(tx: Tx, grant: BenefitGrant, at: Date): Promise<void> {
  for (const { meterId, units } of await outstandingCredit(tx, grant.id)) {
    if (units !== 0) await credit(tx, grant, { meterId, units: -units, rollover: false, at });
  }
}

/** Credits are numbered per grant, so a retried sync (one transaction) writes each exactly once. */
async function credit(
  tx: Tx,
  grant: BenefitGrant,
  credit: { meterId: string; units: number; rollover: boolean; at: Date },
): Promise<void> {
  const sequence = await creditCount(tx, grant.id);
  await creditMeter(tx, {
    organizationId: grant.organizationId,
    customerId: grant.customerId,
    grantId: grant.id,
    key: `grant:${grant.id}:${sequence}`,
    ...credit,
  });
}
