// The PostgreSQL connection pool of each environment (knex's tarn pool under MikroORM): how many acquires wait for a
// connection now, and how long each waited.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Gauge, Histogram } from 'prom-client';
import { registry, type EnvironmentLabel } from './registry';

/** The part of tarn's pool read here. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  on(event: 'acquireRequest', handler: (eventId: number) => void): void;
  on(event: 'acquireSuccess' | 'acquireFail', handler: (eventId: number) => void): void;
}

const pools = new Map<EnvironmentLabel, TarnPool>();

new Gauge({
  name: 'bursar_db_pool_pending_acquires',
  help: 'Queries waiting for a connection from the pool (it is at its maximum size, or still connecting).',
  labelNames: ['environment'],
  registers: [registry],
  collect() {
    this.reset();
    for (const [environment, pool] of pools) this.set({ environment }, pool.numPendingAcquires());
  },
});

new Gauge({
  name: 'bursar_db_pool_connections',
  help: 'Connections of the pool, by state (used: lent to a query or transaction; free: idle in the pool).',
  labelNames: ['environment', 'state'],
  registers: [registry],
  collect() {
    this.reset();
    for (const [environment, pool] of pools) {
      this.set({ environment, state: 'used' }, pool.numUsed());
      this.set({ environment, state: 'free' }, pool.numFree());
    }
  },
});

const acquireWait = new Histogram({
  name: 'bursar_db_pool_acquire_wait_seconds',
  help: 'Time a query or transaction waited for a connection from the pool.',
  labelNames: ['environment'],
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Watches the pool of `orm`, the database of `environment`, from now on. */
export function watchPool(environment: EnvironmentLabel, orm: MikroORM): void {
  const pool = orm.em.getConnection().getKnex().client.pool as TarnPool | undefined;
  if (!pool) return;
  pools.set(environment, pool);
  const asked = new Map<number, bigint>();
  pool.on('acquireRequest', (id) => asked.set(id, process.hrtime.bigint()));
  const answered = (id: number) => {
    const at = asked.get(id);
    asked.delete(id);
    if (at !== undefined) acquireWait.observe({ environment }, Number(process.hrtime.bigint() - at) / 1e9);
  };
  pool.on('acquireSuccess', answered);
  pool.on('acquireFail', answered);
}
