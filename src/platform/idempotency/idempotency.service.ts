// `X-Idempotency-Key`: a create remembered for 24 h per organization, its response replayed on repeats.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../../temporal.config';
import type { Clock } from '../../kernel/clock';
import { IdempotencyKeyReused } from './idempotency.errors';
import { newId } from '../../kernel/ids';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type Claim = { kind: 'claimed'; id: string } | { kind: 'replay'; response: StoredResponse };

interface KeyRow {
  request_hash: string;
  response_status: number;
  response_body: unknown;
}

export class IdempotencyService {
  constructor(private readonly clock: Clock) {}

  /**
   * Claims the key inside the caller's transaction. A concurrent duplicate blocks on the unique index until the
   * first transaction ends, then replays its committed response (or claims the key if the first rolled back).
   */
  async claim(em: EntityManager, organizationId: string, key: string, requestHash: string): Promise<Claim> {
    const now = this.clock.now();
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
    await em.execute('delete from idempotency_key where organization_id = ? and key = ? and created_at < ?', [
      organizationId,
      key,
      expiredBefore,
    ]);
    const id = newId();
    const inserted = await em.execute(
      `insert into idempotency_key (id, organization_id, key, request_hash, created_at) values (?, ?, ?, ?, ?)
       on conflict (organization_id, key) do nothing returning id`,
      [id, organizationId, key, requestHash, now],
    );
    if (inserted.length) return { kind: 'claimed', id };
    const [existing] = await em.execute<KeyRow[]>(
      'select request_hash, response_status, response_body from idempotency_key where organization_id = ? and key = ?',
      [organizationId, key],
    );
    if (existing.request_hash !== requestHash) {
      throw new IdempotencyKeyReused('This X-Idempotency-Key was already used with a different request.');
    }
    return { kind: 'replay', response: { status: existing.response_status, body: existing.response_body } };
  }

  async complete(em: EntityManager, id: string, response: StoredResponse): Promise<void> {
    await em.execute('update idempotency_key set response_status = ?, response_body = ? where id = ?', [
      response.status,
      JSON.stringify(response.body),
      id,
    ]);
  }

  /** Deletes keys older than their 24 h lifetime; returns how many went. */
  async purgeExpired(em: EntityManager): Promise<number> {
    const expiredBefore = new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
    const result = await em.execute('delete from idempotency_key where created_at < ?', [expiredBefore], 'run');
    return (result as unknown as { affectedRows: number }).affectedRows;
  }
}
