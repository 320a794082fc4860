// Validations of one key with the same body, counted together: while the guarded UPDATE of one batch runs, the same
// validations arriving meanwhile wait (holding no connection) and the next UPDATE counts them all at once.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyValidate } from '../../../contracts/license-key-validation';
import type { Clock } from '../../../kernel/clock';
import { countValidation, countValidations, countedOutput } from './count-validation';

type Counted = Awaited<ReturnType<typeof countValidation>>;

interface Waiting {
  em: EntityManager;
  resolve(counted: Counted): void;
  reject(error: unknown): void;
}

/**
 * Each key's row is locked by its UPDATE until the commit is flushed to disk, so concurrent validations of one key
 * would queue there one commit at a time. Here they queue in the process instead, and each UPDATE counts every
 * validation that waited (`validations + n`): each is answered with its own count, in the order they came. A batch
 * passes or fails every check as one (same key, same conditions); when refused, each goes on to the precise checks
 * on its own. Validations that add usage are counted one by one, so the usage limit is checked per call as before.
 */
export class ValidationBatches {
  /** The validations waiting for the UPDATE under way of their batch, by organization and body. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly clock: Clock) {}

  /** The validation counted (with the key as the API shows it), or null when some check refuses it. */
  count(em: EntityManager, organizationId: string, body: LicenseKeyValidate): Promise<Counted> {
    if (body.increment_usage) return countValidation(em, organizationId, body, this.clock.now());
    const id = JSON.stringify([
      organizationId,
      body.key,
      body.activation_id ?? null,
      body.benefit_id ?? null,
      body.customer_id ?? null,
      body.conditions,
    ]);
    return new Promise<Counted>((resolve, reject) => {
      const waiting = { em, resolve, reject };
      const queue = this.waiting.get(id);
      if (queue) return void queue.push(waiting);
      this.waiting.set(id, []);
      void this.run(id, organizationId, body, [waiting]);
    });
  }

  /** Counts the batch, then the validations that came meanwhile, until none waits. */
  private async run(id: string, organizationId: string, body: LicenseKeyValidate, batch: Waiting[]): Promise<void> {
    for (;;) {
      try {
        const row = await countValidations(batch[0].em, organizationId, body, this.clock.now(), batch.length);
        batch.forEach((w, i) => w.resolve(row && countedOutput(w.em, row, batch.length - 1 - i)));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
      const next = this.waiting.get(id) ?? [];
      if (!next.length) return void this.waiting.delete(id);
      this.waiting.set(id, []);
      batch = next;
    }
  }
}
