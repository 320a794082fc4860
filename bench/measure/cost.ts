// What one operation costs, by process: CPU time from /proc (API, worker, Temporal server, PostgreSQL, the benchmark's
// own client) and SQL statements and transactions from the counter preloaded into the Node processes
// (BENCH_SQL_COUNTS_DIR/<pid>.json). Taken as a reading before and after N operations.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlCounts } from './sql-counter';

/** The processes of each role, by pid; `postgres` is every PostgreSQL process of the machine, found at each reading. */
export type Processes = Record<string, number[]>;

export interface Reading {
  cpuMs: Record<string, number>;
  sql: Record<string, SqlCounts>;
}

export interface Cost {
  /** Per operation. */
  cpuMs: Record<string, number>;
  sql: Record<string, SqlCounts>;
  operations: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return 0; // the process ended
  }
}

function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

function sqlOf(pid: number): SqlCounts {
  const file = join(process.env.BENCH_SQL_COUNTS_DIR ?? '', `${pid}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { statements: 0, transactions: 0 };
}

/** A reading of every role; the counters write every 50 ms, so it waits a little for the last counts. */
export async function read(processes: Processes): Promise<Reading> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  const reading: Reading = { cpuMs: {}, sql: {} };
  for (const [role, pids] of Object.entries({ ...processes, postgres: postgresPids() })) {
    reading.cpuMs[role] = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    reading.sql[role] = pids.map(sqlOf).reduce(
      (sum, counts) => ({
        statements: sum.statements + counts.statements,
        transactions: sum.transactions + counts.transactions,
      }),
      { statements: 0, transactions: 0 },
    );
  }
  return reading;
}

/**
 * The cost per operation between two readings. PostgreSQL's processes are found again at each reading; a backend
 * started between them is counted from zero, one that ended is lost (the pools keep theirs open).
 */
export function costPerOperation(before: Reading, after: Reading, operations: number): Cost {
  const cost: Cost = { cpuMs: {}, sql: {}, operations };
  for (const role of Object.keys(after.cpuMs)) {
    cost.cpuMs[role] = Math.max(0, after.cpuMs[role] - (before.cpuMs[role] ?? 0)) / operations;
    const [was, now] = [before.sql[role], after.sql[role]];
    if (now.statements)
      cost.sql[role] = {
        statements: (now.statements - (was?.statements ?? 0)) / operations,
        transactions: (now.transactions - (was?.transactions ?? 0)) / operations,
      };
  }
  return cost;
}

/** The cost as one line, e.g. "CPU ms/op api 4.1, worker 12.0, …; SQL/op worker 20 statements in 3 transactions". */
export function describeCost(cost: Cost): string {
  const cpu = Object.entries(cost.cpuMs).map(([role, ms]) => `${role} ${ms.toFixed(1)}`);
  const sql = Object.entries(cost.sql).map(
    ([role, c]) => `${role} ${c.statements.toFixed(1)} statements in ${c.transactions.toFixed(1)} transactions`,
  );
  return `CPU ms per operation: ${cpu.join(', ')}; SQL per operation: ${sql.join(', ') || 'none counted'}`;
}
