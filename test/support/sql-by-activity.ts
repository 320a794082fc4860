// SQL statements and transactions in a test process, told apart by the Temporal activity that sent them (none: the
// API, the outbox relay, a test's own reads). Counted on top of bench/measure/sql-counter.ts's hook at
// node-postgres's Client.query, with the same rules: a transaction is a BEGIN or a statement sent outside one.
import { Context } from '@temporalio/activity';
import { Client } from 'pg';
import { countSql } from '../../bench/measure/sql-counter';

export interface SqlTally {
  statements: number;
  transactions: number;
  /** The statements' texts, in the order sent (when logging was asked for). */
  texts: string[];
}

const byActivity = new Map<string, SqlTally>();
const inTransaction = new WeakSet<object>();
let installed = false;

function activityType(): string {
  try {
    return Context.current().info.activityType;
  } catch {
    return '(no activity)';
  }
}

function tally(client: object, text: string): void {
  const key = activityType();
  const t = byActivity.get(key) ?? { statements: 0, transactions: 0, texts: [] };
  byActivity.set(key, t);
  const head = text.trimStart().slice(0, 20).toUpperCase();
  if (head.startsWith('BEGIN') || head.startsWith('START TRANSACTION')) {
    t.transactions++;
    t.texts.push('BEGIN');
    inTransaction.add(client);
  } else if (head.startsWith('COMMIT') || (head.startsWith('ROLLBACK') && !head.startsWith('ROLLBACK TO'))) {
    inTransaction.delete(client);
  } else if (!head.startsWith('SAVEPOINT') && !head.startsWith('RELEASE') && !head.startsWith('ROLLBACK TO')) {
    t.statements++;
    t.texts.push(text.replace(/\s+/g, ' ').slice(0, 160));
    if (!inTransaction.has(client)) t.transactions++;
  }
}

/** Starts counting by activity (once per process; countSql's own totals keep counting too). */
export function countSqlByActivity(): void {
  countSql();
  if (installed) return;
  installed = true;
  const query = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: object, ...args: unknown[]) {
    const first = args[0];
    tally(this, typeof first === 'string' ? first : ((first as { text?: string })?.text ?? ''));
    return query.apply(this, args);
  } as typeof Client.prototype.query;
}

/** The tallies so far, by activity type; `reset` starts them again from zero. */
export function sqlByActivity(reset = false): Map<string, SqlTally> {
  const copy = new Map([...byActivity].map(([key, t]) => [key, { ...t, texts: [...t.texts] }]));
  if (reset) byActivity.clear();
  return copy;
}
