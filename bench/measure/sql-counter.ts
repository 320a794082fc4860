// Counts the SQL statements and transactions a process sends, at node-postgres's Client.query (under knex and
// MikroORM). A transaction is a BEGIN or a statement sent outside one (autocommit); BEGIN, COMMIT, ROLLBACK and
// savepoints are not counted as statements. Loaded by a test (countSql) or preloaded into a benchmark's API and worker
// processes (`--require tsx/cjs --require bench/measure/sql-counter.ts`), which then write their counts to
// BENCH_SQL_COUNTS_DIR/<pid>.json as they change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export interface SqlCounts {
  statements: number;
  transactions: number;
}

const counts: SqlCounts = { statements: 0, transactions: 0 };
const inTransaction = new WeakSet<object>();
let installed = false;

/**
 * Told of every BEGIN and statement counted, with whether it opened a transaction (a BEGIN, or a statement sent
 * outside one).
 */
export type SqlListener = (text: string, kind: 'begin' | 'statement', opensTransaction: boolean) => void;
const listeners: SqlListener[] = [];

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  return typeof (query as { text?: unknown })?.text === 'string' ? (query as { text: string }).text : '';
}

function count(client: object, text: string): void {
  const head = text.slice(0, 40).trimStart().slice(0, 20).toUpperCase(); // not the whole text: statements can be large
  if (head.startsWith('BEGIN') || head.startsWith('START TRANSACTION')) {
    counts.transactions++;
    inTransaction.add(client);
    for (const listener of listeners) listener(text, 'begin', true);
  } else if (head.startsWith('COMMIT') || (head.startsWith('ROLLBACK') && !head.startsWith('ROLLBACK TO'))) {
    inTransaction.delete(client);
  } else if (!head.startsWith('SAVEPOINT') && !head.startsWith('RELEASE') && !head.startsWith('ROLLBACK TO')) {
    const opens = !inTransaction.has(client);
    counts.statements++;
    if (opens) counts.transactions++;
    for (const listener of listeners) listener(text, 'statement', opens);
  }
}

/** Counts (countSql) and tells `listener` of every BEGIN and statement from now on. */
export function onSql(listener: SqlListener): void {
  countSql();
  listeners.push(listener);
}

/** Starts counting (once per process) and answers the live counts. */
export function countSql(): Readonly<SqlCounts> {
  if (!installed) {
    installed = true;
    const query = Client.prototype.query as (...args: unknown[]) => unknown;
    Client.prototype.query = function (this: object, ...args: unknown[]) {
      count(this, textOf(args[0]));
      return query.apply(this, args);
    } as typeof Client.prototype.query;
  }
  return counts;
}

/** The counts since `before` (a copy taken earlier). */
export function sqlSince(before: SqlCounts): SqlCounts {
  return { statements: counts.statements - before.statements, transactions: counts.transactions - before.transactions };
}

const dir = process.env.BENCH_SQL_COUNTS_DIR;
if (dir) {
  countSql();
  let written = '';
  setInterval(() => {
    const now = JSON.stringify(counts);
    if (now !== written) writeFileSync(join(dir, `${process.pid}.json`), (written = now));
  }, 50).unref();
}
