// SQL statements and transactions in a test process, told apart by the Temporal activity that sent them (none: the
// API, the outbox relay, a test's own reads). Told each statement by bench/measure/sql-counter.ts's hook at
// node-postgres's Client.query, counted by its rules: a transaction is a BEGIN or a statement sent outside one.
import { Context } from '@temporalio/activity';
import { onSql } from '../../bench/measure/sql-counter';

export interface SqlTally {
  statements: number;
  transactions: number;
  /** The statements' texts, in the order sent (when logging was asked for). */
  texts: string[];
}

const byActivity = new Map<string, SqlTally>();
let installed = false;

function activityType(): string {
  try {
    return Context.current().info.activityType;
  } catch {
    return '(no activity)';
  }
}

/** Starts counting by activity (once per process; countSql's own totals keep counting too). */
export function countSqlByActivity(): void {
  if (installed) return;
  installed = true;
  onSql((text, kind, opensTransaction) => {
    const key = activityType();
    const t = byActivity.get(key) ?? { statements: 0, transactions: 0, texts: [] };
    byActivity.set(key, t);
    if (opensTransaction) t.transactions++;
    if (kind === 'begin') return void t.texts.push('BEGIN');
    t.statements++;
    t.texts.push(text.replace(/\s+/g, ' ').slice(0, 160));
  });
}

/** The tallies so far, by activity type; `reset` starts them again from zero. */
export function sqlByActivity(reset = false): Map<string, SqlTally> {
  const copy = new Map([...byActivity].map(([key, t]) => [key, { ...t, texts: [...t.texts] }]));
  if (reset) byActivity.clear();
  return copy;
}
