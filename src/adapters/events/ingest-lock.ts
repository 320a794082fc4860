// Orders ingestion against what must see a settled set of an organization's events (a billing cut-off, a rollup
// rebuild): a batch holds the lock shared until it commits; those take it alone, so every event numbered before they
// read is committed, and every batch after them reads the meters as they left them.
import type { EntityManager } from '@mikro-orm/postgresql';

const key = (organizationId: string) => `event_ingest:${organizationId}`;

export async function holdIngestShared(em: EntityManager, organizationId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock_shared(hashtextextended(?, 0))', [key(organizationId)]);
}

export async function holdIngestAlone(em: EntityManager, organizationId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key(organizationId)]);
}
