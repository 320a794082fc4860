// The golden grid through the HTTP API on test clocks (real PostgreSQL and Temporal): a seeded sample of cells in the
// suite (GOLDEN_CELLS, default 150), every cell with GOLDEN_ALL=1 (`./run grid`, which writes COVERAGE.md). A failing
// cell replays with its seed (GOLDEN_SEED) or alone (GOLDEN_CELL=<id>[,<id>…]).
import { writeFileSync } from 'node:fs';
import { cellId, type Cell } from './axes';
import { clockKey, scenarioOf, START } from './build-scenario';
import { allCells, exclusionOf, REGRESSIONS, sample } from './grid';
import { LEDGER_PATH, ledger } from './ledger';
import { createMeter } from './runner/catalog';
import { pool, runGroup, type CellResult } from './runner/run-group';
import type { Scenario } from './scenario';
import { startHarness, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

const all = process.env.GOLDEN_ALL === '1';
const seed = Number(process.env.GOLDEN_SEED || Math.floor(Math.random() * 2 ** 31));
const size = Number(process.env.GOLDEN_CELLS || 150);
const parallel = Number(process.env.GOLDEN_PARALLEL || 3);

const cells = allCells();
const runnable = cells.filter((cell) => !exclusionOf(cell) && scenarioOf(cell, cellId(cell)));
const chosen: Cell[] = process.env.GOLDEN_CELL
  ? runnable.filter((cell) => process.env.GOLDEN_CELL!.split(',').includes(cellId(cell)))
  : all
    ? runnable
    : [...new Set([...runnable.filter((cell) => cellId(cell) in REGRESSIONS), ...sample(runnable, size, seed)])];
const groups = new Map<string, Scenario[]>();
for (const cell of chosen) {
  const key = clockKey(cell);
  groups.set(key, [...(groups.get(key) ?? []), scenarioOf(cell, cellId(cell))!]);
}

jest.setTimeout(all ? 4 * 3_600_000 : 1_800_000);
let h: TestHarness;
let call: Call;
let results: Promise<Map<string, CellResult[]>>;
const started = Date.now();

beforeAll(async () => {
  console.log(
    `golden grid: ${chosen.length} of ${runnable.length} runnable cells (${cells.length} in all) on ${groups.size} ` +
      `clocks, seed ${seed}; replay: GOLDEN_SEED=${seed}${all ? ' GOLDEN_ALL=1' : ''} npx jest test/golden`,
  );
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      'meters:write',
      'meters:read',
      'events:write',
      'refunds:write',
      'refunds:read',
      'metrics:read',
    ],
    'sandbox',
  );
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const meterId = await createMeter(call);
  const keys = [...groups.keys()];
  results = pool(
    keys,
    parallel,
    async (key) => [key, await runGroup(h, call, meterId, groups.get(key)!)] as const,
  ).then((done) => new Map(done));
  results.catch(() => undefined);
});

afterAll(async () => {
  try {
    const seconds = (Date.now() - started) / 1000;
    console.log(`golden grid: ${chosen.length} cells in ${seconds.toFixed(0)} s`);
    if (all) {
      const problems = new Map([...(await results).values()].flat().map((r) => [r.id, r.problems]));
      writeFileSync(LEDGER_PATH, ledger({ cells, problems, seconds }));
    }
  } finally {
    await h?.close();
  }
});

test.each([...groups.keys()])('cells on the clock %s bill what the calculator says', async (key) => {
  const failing = (await results).get(key)!.filter((r) => r.problems.length);
  expect(failing.map((r) => `${r.id} (GOLDEN_CELL=${r.id}):\n  ${r.problems.join('\n  ')}`)).toEqual([]);
});

/** The ranges of at most 366 days that cover the clocks' days, and today's (what is written at the wall clock's time). */
function reconciledRanges(): [string, string][] {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const ranges: [string, string][] = [[day(Date.now() - 86_400_000), day(Date.now() + 86_400_000)]];
  const end = Math.max(...[...groups.values()].flat().map((s) => Date.parse(s.until)));
  for (let from = Date.parse(START); from <= end; from += 366 * 86_400_000)
    ranges.push([day(from), day(Math.min(from + 365 * 86_400_000, end))]);
  return ranges;
}

test('the books reconcile over every day the cells were billed', async () => {
  await results;
  for (const [from, to] of reconciledRanges()) {
    const reconciliation = await call('GET', `/v1/reconciliation?from=${from}&to=${to}`);
    expect(reconciliation.status).toBe(200);
    const broken = reconciliation.body.laws.filter((law: any) => !law.ok);
    expect({ from, to, broken }).toEqual({ from, to, broken: [] });
  }
});
