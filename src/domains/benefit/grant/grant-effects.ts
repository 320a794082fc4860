// What granting and revoking does, per benefit type: a license key, downloads, meter credits; feature flags and custom
// benefits give nothing beyond the grant itself (their metadata and note show in the customer's state).
import type { Tx } from '../../../platform/database/transaction';
import { creditCount, creditMeter } from '../../meter';
import type { Benefit } from '../benefit.entity';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { grantLicenseKey, revokeLicenseKey } from '../license-key/license-key-grants';
import { displayKey } from '../license-key/license-key.logic';
import type { BenefitGrant } from './benefit-grant.entity';

export interface GrantContext {
  at: Date;
  oneTime: boolean;
  /** A first grant, a re-grant or a new billing period: meter credits are given (again). */
  cycle: boolean;
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
        const key = await grantLicenseKey(tx, grant, benefit, context.at, context.oneTime);
        return { license_key_id: key.id, display_key: displayKey(key.key) };
      }
      case 'downloadables':
        return { files: await this.downloads.grant(tx, grant, benefit, context.at) };
      case 'meter_credit': {
        const { meter_id, units, rollover } = benefit.properties as unknown as MeterCreditProperties;
        if (!context.cycle) return grant.properties;
        await this.credit(tx, grant, { meterId: meter_id, units, rollover, at: context.at });
        return { last_credited_meter_id: meter_id, last_credited_units: units, last_credited_at: context.at.toISOString() };
      }
      default:
        return {};
    }
  }

  /** Takes back what the grant gave: the key revoked, the downloads closed, the last credit withdrawn. */
  async revoke(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<void> {
    if (benefit.type === 'license_keys') await revokeLicenseKey(tx, grant.id, at);
    if (benefit.type === 'downloadables') await this.downloads.revoke(tx, grant.id, at);
    if (benefit.type === 'meter_credit') {
      const last = grant.properties as { last_credited_meter_id?: string; last_credited_units?: number };
      if (last.last_credited_meter_id && last.last_credited_units) {
        await this.credit(tx, grant, { meterId: last.last_credited_meter_id, units: -last.last_credited_units, rollover: false, at });
      }
    }
  }

  /** Credits are numbered per grant, so a retried sync (one transaction) writes each exactly once. */
  private async credit(tx: Tx, grant: BenefitGrant, credit: { meterId: string; units: number; rollover: boolean; at: Date }): Promise<void> {
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
