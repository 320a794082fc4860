// What granting and revoking does, per benefit type: a license key, downloads, meter credits; feature flags and custom
// benefits give nothing beyond the grant itself (their metadata and note show in the customer's state).
import type { Tx } from '../../../platform/database/transaction';
import type { Benefit } from '../benefit.entity';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { grantLicenseKey, refreshLicenseKey, revokeLicenseKey } from '../license-key/license-key-grants';
import { displayKey } from '../license-key/license-key.logic';
import type { BenefitGrant } from './benefit-grant.entity';
import type { GrantStep } from './benefit-grant.logic';
import { creditPeriod, withdrawOutstanding } from './meter-credit-effects';

export interface GrantContext {
  step: Exclude<GrantStep, 'revoke' | 'none'>;
  /** The customer's time (a test clock's), for the records. */
  at: Date;
  /** Wall time: license keys expire by it, as they are validated by it. */
  now: Date;
  oneTime: boolean;
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
        return context.step === 'refresh' ? grant.properties : creditPeriod(tx, grant, benefit, context);
      default:
        return {};
    }
  }

  /** Takes back what the grant gave: the key revoked, the downloads closed, the credits still outstanding withdrawn. */
  async revoke(tx: Tx, grant: BenefitGrant, benefit: Benefit, at: Date): Promise<void> {
    if (benefit.type === 'license_keys') await revokeLicenseKey(tx, grant.id, at);
    if (benefit.type === 'downloadables') await this.downloads.revoke(tx, grant.id, at);
    if (benefit.type === 'meter_credit') await withdrawOutstanding(tx, grant, at);
  }
}
