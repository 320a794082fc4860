// What granting and revoking does, per benefit type: a license key, downloads, meter credits; feature flags and custom
// benefits give nothing beyond the grant itself (their metadata and note show in the customer's state).
import type { Tx } from '../../../platform/database/transaction';
import { creditCount, creditMeter, outstandingCredit } from '../../meter';
import type { Benefit } from '../benefit.entity';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { grantLicenseKey, refreshLicenseKey, revokeLicenseKey } from '../license-key/license-key-grants';
import { displayKey } from '../license-key/license-key.logic';
import type { BenefitGrant } from './benefit-grant.entity';
import type { GrantStep } from './benefit-grant.logic';

export interface GrantContext {
  step: Exclude<GrantStep, 'revoke' | 'none'>;
  /** The customer's time (a test clock's), for the records. */
  at: Date;
  /** Wall time: license keys expire by it, as they are validated by it. */
  now: Date;
  oneTime: boolean;
}

interface MeterCreditProperties {
  meter_id: string;
  units: number;
  rollover: boolean;
}

export class GrantEffects {
  constructor(private readonly downloads: DownloadableService) {}

  /** Gives what the benefit gives; returns the grant's properties. */
  async grant(tx: Tx, grant: BenefitGrant, benefit: Benefit, context: GrantContext): Promise<Record<string, unknown>> {
    switch (benefit.type) {
      case 'license_keys': {
        const fresh = context.step === 'grant' || context.step === 'regrant';
        const key = fresh
          ? await grantLicenseKey(tx, grant, benefit, context.now, context.oneTime)
          : await refreshLicenseKey(tx, grant, benefit, context.now);
        return key ? { license_key_id: key.id, display_key: displayKey(key.key) } : grant.properties;
      }
      case 'downloadables':
        return { files: await this.downloads.grant(tx, grant, benefit, context.at) };
      case 'meter_credit':
        return context.step === 'refresh' ? grant.properties : this.creditPeriod(tx, grant, benefit, context);
      default:
        return {};
    }
  }

  /** Takes back what the grant gave: the key revoked, the downloads closed, the credits still outstanding withdrawn. */
  async revoke(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<void> {
    if (benefit.type === 'license_keys') await revokeLicenseKey(tx, grant.id, at);
    if (benefit.type === 'downloadables') await this.downloads.revoke(tx, grant.id, at);
    if (benefit.type === 'meter_credit') await this.withdrawOutstanding(tx, grant, at);
  }

  /**
   * A period's credits: a new period first withdraws what is left of the last one, unless the benefit rolls it over
   * (what is left counts from the meter's last reset: a billed period's reset has already taken back the rest).
   */
  private async creditPeriod(
    tx: Tx,
    grant: BenefitGrant,
    benefit: Benefit,
    context: GrantContext,
  ): Promise<Record<string, unknown>> {
    const { meter_id, units, rollover } = benefit.properties as unknown as MeterCreditProperties;
    if (context.step === 'cycle' && !rollover) await this.withdrawOutstanding(tx, grant, context.at);
    await this.credit(tx, grant, { meterId: meter_id, units, rollover, at: context.at });
    return { last_credited_meter_id: meter_id, last_credited_units: units, last_credited_at: context.at.toISOString() };
  }

  private async withdrawOutstanding(tx: Tx, grant: BenefitGrant, at: Date): Promise<void> {
    for (const { meterId, units } of await outstandingCredit(tx, grant.id)) {
      if (units !== 0) await this.credit(tx, grant, { meterId, units: -units, rollover: false, at });
    }
  }

  /** Credits are numbered per grant, so a retried sync (one transaction) writes each exactly once. */
  private async credit(
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
}
