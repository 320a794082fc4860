// License keys: the merchant lists, reads and edits them; apps validate, activate and deactivate them by the key
// string within one organization. Each command locks the key's row, so counters and activation limits hold under
// concurrent calls. Keys follow the wall clock: test clocks do not apply to them.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  LicenseKeyActivate,
  LicenseKeyDeactivate,
  LicenseKeyListQuery,
  LicenseKeyRead,
  LicenseKeySources,
  LicenseKeyUpdate,
  LicenseKeyValidate,
} from '../../../contracts/license-key';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import { NotPermitted, ResourceNotFound } from '../../../kernel/errors';
import { Benefit } from '../benefit.entity';
import { entityFromJson, type JsonRow } from '../../../platform/database/json-row';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import type { Tx } from '../../../platform/database/transaction';
import type { CustomerOwner } from '../../../platform/http/route';
import { customerFromJson, customerOutput, type CustomerService } from '../../customer';
import { LicenseKey, LicenseKeyActivation } from './license-key.entity';
import {
  activationLimitReached,
  activationsUnsupported,
  benefitMismatch,
  conditionsMismatch,
  customerMismatch,
  unknownActivation,
  unknownLicenseKey,
  unusableForActivation,
  unusableForValidation,
  usageLimitExceeded,
} from './license-key.errors';
import {
  activationRefusal,
  conditionsMatch,
  remainingUsages,
  unusableBecause,
  type LicenseKeyProperties,
} from './license-key.logic';
import {
  activationOutput,
  licenseKeyCustomerOutput,
  licenseKeyOutput,
  type LicenseKeyWithActivationsOutput,
} from './license-key.output';

/** The order and subscription domains, read for what granted a key (they call the benefit domain, so it cannot import them). */
export interface LicenseKeySourceReader {
  subscription(em: EntityManager, organizationId: string, id: string): Promise<LicenseKeySources['subscription']>;
  order(em: EntityManager, organizationId: string, id: string): Promise<LicenseKeySources['order']>;
}

export interface LicenseKeyDeps {
  clock: Clock;
  customers: Pick<CustomerService, 'outputs'>;
  sources: LicenseKeySourceReader;
}

const keys = new OwnedRepository(LicenseKey, { label: 'License key' });

export class LicenseKeyService {
  constructor(private readonly deps: LicenseKeyDeps) {}

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
    return { key, activation: await this.liveActivation(em, key, activationId) };
  }

  /** The customer's own keys (the customer portal) as the API shows them, of one benefit when asked, newest first. */
  async pageOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    query: { page: number; limit: number; benefit_id?: string },
  ): Promise<Page<LicenseKeyRead>> {
    const page = await keys.list(em, owner.organizationId, query, {
      alias: 'k',
      where: (qb) => {
        qb.andWhere({ customerId: owner.customerId });
        if (query.benefit_id) qb.andWhere({ benefitId: query.benefit_id });
      },
    });
    return { items: await this.outputs(em, page.items), pagination: page.pagination };
  }

  /** One of the customer's own keys as the API shows it, with its live activations; another's is 404. */
  async withActivationsOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    id: string,
  ): Promise<LicenseKeyWithActivationsOutput> {
    const key = await this.getOfCustomer(em, owner, id);
    return { ...(await this.output(em, key)), activations: (await this.activations(em, key)).map(activationOutput) };
  }

  /** One of the customer's own keys; another's is 404. */
  private async getOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<LicenseKey> {
    const key = await keys.get(em, owner.organizationId, id, options);
    if (key.customerId !== owner.customerId) throw new ResourceNotFound('License key not found.');
    return key;
  }

  /**
   * The customer deactivates an activation of their own key from the portal (no key string needed): allowed when the
   * key's benefit lets customers manage activations (`enable_customer_admin`), 403 otherwise.
   */
  async deactivateOfCustomer(tx: Tx, owner: CustomerOwner, keyId: string, activationId: string): Promise<void> {
    const key = await this.getOfCustomer(tx.em, owner, keyId, { lock: true });
    const benefit = await tx.em.findOne(Benefit, { id: key.benefitId });
    const properties = benefit?.properties as unknown as LicenseKeyProperties | undefined;
    if (!properties?.activations?.enable_customer_admin)
      throw new NotPermitted('Activations of this license key are managed by the seller.');
    const activation = await this.liveActivation(tx.em, key, activationId);
    activation.deletedAt = this.deps.clock.now();
    await tx.em.flush();
  }

  /** Applies the fields the body names; `usage` stays as it is unless named, a null limit or expiry clears it. */
  async update(tx: Tx, organizationId: string, id: string, body: LicenseKeyUpdate): Promise<LicenseKey> {
    const key = await keys.get(tx.em, organizationId, id, { lock: true });
    if (body.status != null) key.status = body.status;
    if (body.usage !== undefined) key.usage = body.usage;
    if (body.limit_activations !== undefined) key.limitActivations = body.limit_activations;
    if (body.limit_usage !== undefined) key.limitUsage = body.limit_usage;
    if (body.expires_at !== undefined) key.expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
    key.modifiedAt = this.deps.clock.now();
    await tx.em.flush();
    return key;
  }

  /**
   * Counts a validation (and `increment_usage`) on a usable key that matches every given condition; 404 otherwise.
   * The common case is one guarded UPDATE outside any transaction (the statement is atomic on its own, and locks the
   * row only while it runs) that also returns the customer and the activation: every check the refusals make is in
   * its WHERE. When it counts nothing, the key is read and checked under a lock in a transaction, so the refusal is
   * the precise one for the key as it now stands.
   */
  async validate(
    em: EntityManager,
    organizationId: string,
    body: LicenseKeyValidate,
  ): Promise<{ key: LicenseKeyRead; activation: LicenseKeyActivation | null }> {
    const now = this.deps.clock.now();
    const counted = await this.countValidation(em, organizationId, body, now);
    if (counted) return counted;
    const { key, activation } = await em
      .fork()
      .transactional((tx) => this.validateChecked(tx, organizationId, body, now));
    return { key: await this.output(em, key), activation };
  }

  /** The guarded count, with the key as the API shows it; null when some check refuses it (or there is no such key). */
  private async countValidation(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
    const increment = body.increment_usage ?? 0;
    const activationId = body.activation_id ?? null;
    const [row] = await em.execute<{ key: JsonRow; customer: JsonRow; activation: JsonRow | null }[]>(
      `update license_key k set validations = validations + 1, usage = usage + ?, last_validated_at = ?, modified_at = ?
       from customer c left join license_key_activation a on a.id = ?::uuid
       where c.id = k.customer_id and k.organization_id = ? and k.key = ?
         and k.status = 'granted' and (k.expires_at is null or k.expires_at > ?) and (?::int = 0 or k.usage::bigint + ? <= coalesce(k.limit_usage, 2147483647))
         and (?::uuid is null or k.benefit_id = ?::uuid) and (?::uuid is null or k.customer_id = ?::uuid)
         and (?::uuid is null or (a.license_key_id = k.id and a.deleted_at is null and (a.conditions = '{}'::jsonb or a.conditions = ?::jsonb)))
       returning to_jsonb(k) as key, to_jsonb(c) as customer, to_jsonb(a) as activation`,
      [
        increment,
        now,
        now,
        activationId,
        organizationId,
        body.key,
        now,
        increment,
        increment,
        ...twice(body.benefit_id),
        ...twice(body.customer_id),
        activationId,
        JSON.stringify(body.conditions),
      ],
    );
    if (!row) return null;
    const customer = licenseKeyCustomerOutput(customerOutput(customerFromJson(em, row.customer)));
    return {
      key: licenseKeyOutput(entityFromJson(em, LicenseKey, row.key), customer),
      activation: row.activation && entityFromJson(em, LicenseKeyActivation, row.activation),
    };
  }

  /** Under the key's lock: the refusal in the reference's order, or the count. */
  private async validateChecked(em: EntityManager, organizationId: string, body: LicenseKeyValidate, now: Date) {
    const key = await this.byKey(em, organizationId, body.key);
    const activation = await this.checkValidation(em, key, body, now);
    const increment = body.increment_usage ?? 0;
    key.validations += 1;
    key.usage += increment;
    key.lastValidatedAt = now;
    key.modifiedAt = now;
    await em.flush();
    return { key, activation };
  }

  /** The validate refusals, in the reference's order; the activation named, when one is. */
  private async checkValidation(
    em: EntityManager,
    key: LicenseKey,
    body: LicenseKeyValidate,
    now: Date,
  ): Promise<LicenseKeyActivation | null> {
    const unusable = unusableBecause(key, now);
    if (unusable) throw unusableForValidation(unusable);
    let activation: LicenseKeyActivation | null = null;
    if (body.activation_id) {
      activation = await this.liveActivation(em, key, body.activation_id);
      if (!conditionsMatch(activation.conditions, body.conditions)) throw conditionsMismatch();
    }
    if (body.benefit_id && body.benefit_id.toLowerCase() !== key.benefitId) throw benefitMismatch(); // ids in any case, as PostgreSQL reads them
    if (body.customer_id && body.customer_id.toLowerCase() !== key.customerId) throw customerMismatch();
    const remaining = remainingUsages(key.usage, key.limitUsage);
    if ((body.increment_usage ?? 0) > remaining) throw usageLimitExceeded(remaining);
    return activation;
  }

  /** Records a new activation on a usable key that supports them and has room for one more. */
  async activate(tx: Tx, organizationId: string, body: LicenseKeyActivate) {
    const now = this.deps.clock.now();
    const key = await this.byKey(tx.em, organizationId, body.key);
    const unusable = unusableBecause(key, now);
    if (unusable) throw unusableForActivation(unusable);
    const live = await tx.em.count(LicenseKeyActivation, { licenseKeyId: key.id, deletedAt: null });
    const refusal = activationRefusal(key.limitActivations, live);
    if (refusal === 'unsupported') throw activationsUnsupported();
    if (refusal === 'limit_reached') throw activationLimitReached();
    const activation = tx.em.create(LicenseKeyActivation, {
      id: newId(),
      licenseKeyId: key.id,
      label: body.label,
      conditions: body.conditions,
      meta: body.meta,
      deletedAt: null,
      createdAt: now,
      modifiedAt: null,
    });
    await tx.em.flush();
    return { key, activation };
  }

  /** Soft-deletes the activation, which frees its place under the limit. */
  async deactivate(tx: Tx, organizationId: string, body: LicenseKeyDeactivate): Promise<void> {
    const key = await this.byKey(tx.em, organizationId, body.key);
    const activation = await this.liveActivation(tx.em, key, body.activation_id);
    activation.deletedAt = this.deps.clock.now();
    await tx.em.flush();
  }

  /** The keys as the API shows them, their customers loaded in one query. */
  async outputs(em: EntityManager, licenseKeys: readonly LicenseKey[]): Promise<LicenseKeyRead[]> {
    const byOrganization = new Map<string, Set<string>>();
    for (const key of licenseKeys)
      byOrganization.set(key.organizationId, (byOrganization.get(key.organizationId) ?? new Set()).add(key.customerId));
    const customers = new Map<string, Parameters<typeof licenseKeyCustomerOutput>[0]>();
    for (const [organizationId, ids] of byOrganization) {
      for (const customer of await this.deps.customers.outputs(em, organizationId, [...ids]))
        customers.set(customer.id, customer);
    }
    return licenseKeys.map((key) => {
      const customer = customers.get(key.customerId);
      if (!customer)
        throw new Error(`License key ${key.id} belongs to customer ${key.customerId}, who does not exist.`);
      return licenseKeyOutput(key, licenseKeyCustomerOutput(customer));
    });
  }

  /** The subscription and order whose grant gave the key (validate and activate show them). */
  async sourcesOf(em: EntityManager, key: Pick<LicenseKeyRead, 'id' | 'organization_id'>): Promise<LicenseKeySources> {
    const [grant] = await em.execute<{ subscription_id: string | null; order_id: string | null }[]>(
      'select g.subscription_id, g.order_id from license_key k join benefit_grant g on g.id = k.grant_id where k.id = ?',
      [key.id],
    );
    const { sources } = this.deps;
    const subscription = grant?.subscription_id
      ? await sources.subscription(em, key.organization_id, grant.subscription_id)
      : null;
    const order = grant?.order_id ? await sources.order(em, key.organization_id, grant.order_id) : null;
    return { subscription_id: subscription?.id ?? null, subscription, order_id: order?.id ?? null, order };
  }

  async output(em: EntityManager, key: LicenseKey): Promise<LicenseKeyRead> {
    const [output] = await this.outputs(em, [key]);
    return output;
  }

  /** The organization's key with this key string, locked until the transaction ends. */
  private async byKey(em: EntityManager, organizationId: string, keyString: string): Promise<LicenseKey> {
    const key = await em.findOne(
      LicenseKey,
      { organizationId, key: keyString },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!key) throw unknownLicenseKey();
    return key;
  }

  private async liveActivation(
    em: EntityManager,
    key: LicenseKey,
    activationId: string,
  ): Promise<LicenseKeyActivation> {
    const activation = await em.findOne(LicenseKeyActivation, {
      id: activationId,
      licenseKeyId: key.id,
      deletedAt: null,
    });
    if (!activation) throw unknownActivation();
    return activation;
  }
}

/** A parameter given twice (`? is null or column = ?`). */
const twice = (value: string | null | undefined): [string | null, string | null] => [value ?? null, value ?? null];
