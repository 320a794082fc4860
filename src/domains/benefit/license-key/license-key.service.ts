// License keys: the merchant lists, reads and edits them; apps validate, activate and deactivate them by the key
// string within one organization. Each command locks the key's row, so counters and activation limits hold under
// concurrent calls. Keys follow the wall clock: test clocks do not apply to them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  LicenseKeyActivate,
  LicenseKeyDeactivate,
  LicenseKeyValidate,
} from '../../../contracts/license-key-validation';
import type { LicenseKeyListQuery } from '../../../contracts/license-key-list';
import type { LicenseKeyRead } from '../../../contracts/license-key';
import type { LicenseKeySources } from '../../../contracts/license-key-sources';
import type { LicenseKeyUpdate } from '../../../contracts/license-key-update';
import type { Clock } from '../../../kernel/clock';
import type { Page } from '../../../platform/database/owned-repository';
import type { Tx } from '../../../platform/database/transaction';
import type { AccountViewer } from '../grant/benefit-grant.logic';
import { keyOfCustomer, licenseKeys as keys, liveActivation } from './find-license-key';
import { activateLicenseKey, deactivateLicenseKey, deactivateOfCustomer } from './license-key-activations';
import {
  licenseKeyOutputs,
  licenseKeySources,
  type LicenseKeyCustomers,
  type LicenseKeySourceReader,
} from './license-key-outputs';
import { LicenseKeyActivation, type LicenseKey } from './license-key.entity';
import { activationOutput, type LicenseKeyWithActivationsOutput } from './license-key.output';
import { validateLicenseKey } from './validate-license-key';
import { ValidationBatches } from './validation-batches';
import { licenseKeysOfCustomer } from './customer-license-keys';
import { updateLicenseKey } from './update-license-key';
import { rotateLicenseKey, type RotationDeps } from './rotate-license-key';

export interface LicenseKeyDeps extends RotationDeps {
  clock: Clock;
  customers: LicenseKeyCustomers;
  sources: LicenseKeySourceReader;
}

export class LicenseKeyService {
  /** Concurrent validations of one key, counted together (validation-batches.ts). */
  private readonly batches: ValidationBatches;

  constructor(private readonly deps: LicenseKeyDeps) {
    this.batches = new ValidationBatches(deps.clock);
  }

  list(em: EntityManager, organizationId: string, query: LicenseKeyListQuery) {
    return keys.list(em, organizationId, query, {
      alias: 'k',
      where: (qb) => {
        if (query.benefit_id) qb.andWhere({ benefitId: { $in: query.benefit_id } });
        if (query.status) qb.andWhere({ status: { $in: query.status } });
      },
    });
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<LicenseKey> {
    return keys.get(em, organizationId, id);
  }

  /** The key's live (not deactivated) activations, oldest first. */
  activations(em: EntityManager, key: LicenseKey): Promise<LicenseKeyActivation[]> {
    return em.find(
      LicenseKeyActivation,
      { licenseKeyId: key.id, deletedAt: null },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** One live activation of one of the organization's keys (404 for either). */
  async activation(em: EntityManager, organizationId: string, keyId: string, activationId: string) {
    const key = await keys.get(em, organizationId, keyId);
    return { key, activation: await liveActivation(em, key, activationId) };
  }

  /** The customer's own keys (the customer portal) as the API shows them, of one benefit when asked, newest first. */
  pageOfCustomer(
    em: EntityManager,
    owner: AccountViewer,
    query: { page: number; limit: number; benefit_id?: string },
  ): Promise<Page<LicenseKeyRead>> {
    return licenseKeysOfCustomer(this.deps.customers, em, owner, query);
  }

  /** One of the customer's own keys as the API shows it, with its live activations; another's is 404. */
  async withActivationsOfCustomer(
    em: EntityManager,
    owner: AccountViewer,
    id: string,
  ): Promise<LicenseKeyWithActivationsOutput> {
    const key = await keyOfCustomer(em, owner, id);
    return { ...(await this.output(em, key)), activations: (await this.activations(em, key)).map(activationOutput) };
  }

  deactivateOfCustomer(tx: Tx, owner: AccountViewer, keyId: string, activationId: string): Promise<void> {
    return deactivateOfCustomer(this.deps.clock, tx, owner, keyId, activationId);
  }

  /** A new key string for the organization's key (400 RotateNotPermitted when revoked); the old one stops validating. */
  async rotate(tx: Tx, organizationId: string, id: string): Promise<LicenseKey> {
    return rotateLicenseKey(this.deps, tx, await keys.get(tx.em, organizationId, id, { lock: true }));
  }

  /** The portal's rotation of the customer's own key (another customer's is 404). */
  async rotateOfCustomer(tx: Tx, owner: AccountViewer, id: string): Promise<LicenseKey> {
    return rotateLicenseKey(this.deps, tx, await keyOfCustomer(tx.em, owner, id, { lock: true }));
  }

  /** Applies the fields the body names; `usage` stays as it is unless named, a null limit or expiry clears it. */
  update(tx: Tx, organizationId: string, id: string, body: LicenseKeyUpdate): Promise<LicenseKey> {
    return updateLicenseKey(this.deps.clock, tx, organizationId, id, body);
  }

  validate(
    em: EntityManager,
    organizationId: string,
    body: LicenseKeyValidate,
  ): Promise<{ key: LicenseKeyRead; activation: LicenseKeyActivation | null }> {
    return validateLicenseKey({ ...this.deps, batches: this.batches }, em, organizationId, body);
  }

  activate(tx: Tx, organizationId: string, body: LicenseKeyActivate) {
    return activateLicenseKey(this.deps.clock, tx, organizationId, body);
  }

  deactivate(tx: Tx, organizationId: string, body: LicenseKeyDeactivate): Promise<void> {
    return deactivateLicenseKey(this.deps.clock, tx, organizationId, body);
  }

  outputs(em: EntityManager, licenseKeys: readonly LicenseKey[]): Promise<LicenseKeyRead[]> {
    return licenseKeyOutputs(this.deps.customers, em, licenseKeys);
  }

  sourcesOf(em: EntityManager, key: Pick<LicenseKeyRead, 'id' | 'organization_id'>): Promise<LicenseKeySources> {
    return licenseKeySources(this.deps.sources, em, key);
  }

  async output(em: EntityManager, key: LicenseKey): Promise<LicenseKeyRead> {
    const [output] = await this.outputs(em, [key]);
    return output;
  }
}
