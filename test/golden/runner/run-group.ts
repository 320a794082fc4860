// The cells that share a timeline, played together on one test clock: each bought, then each action done when the
// clock reaches it, then what was billed held to the calculator and the invariants.
import type { TestHarness } from '../../support/harness';
import type { Call } from '../../support/subscriptions';
import { expectedOf } from '../calculator';
import { START } from '../build-scenario';
import type { Scenario } from '../scenario';
import { brokenLaws } from './invariants';
import { act, purchase, targetOf, type Played } from './play-cell';
import { readBack } from './read-back';

export interface CellResult {
  id: string;
  problems: string[];
}

/** Runs `work` over `items`, at most `limit` at once. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/** Moves the clock from `from` to `to`, in hops of at most four years (an advance goes at most five). */
async function advance(call: Call, clockId: string, from: string, to: string): Promise<string> {
  const hop = new Date(from);
  hop.setUTCFullYear(hop.getUTCFullYear() + 4);
  const next = to < hop.toISOString() ? to : hop.toISOString();
  const advanced = await call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: next });
  if (advanced.status !== 200)
    throw new Error(`advance to ${next}: ${advanced.status} ${JSON.stringify(advanced.body)}`);
  return next === to ? to : advance(call, clockId, next, to);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runGroup(h: TestHarness, call: Call, meterId: string, scenarios: Scenario[]) {
  const problems = new Map<string, string[]>(scenarios.map((s) => [s.id, []]));
  const fail = (id: string, error: unknown) => problems.get(id)!.push(message(error));
  try {
    const clock = await call('POST', '/v1/test-clocks/', { frozen_time: START });
    if (clock.status !== 201) throw new Error(`test clock: ${clock.status}`);
    const clockId: string = clock.body.id;

    const played = new Map<string, Played & { target?: string }>();
    await pool(scenarios, 6, async (scenario) => {
      try {
        const target = await targetOf(call, scenario, meterId);
        const bought = await purchase(h, call, scenario, clockId, meterId);
        played.set(scenario.id, { scenario, ...bought, previews: [], target });
      } catch (error) {
        fail(scenario.id, error);
      }
    });

    const times = [...new Set(scenarios.flatMap((s) => s.actions.map((a) => a.at)))].sort();
    const until = scenarios
      .map((s) => s.until)
      .sort()
      .at(-1)!;
    let now = START;
    for (const at of [...times, until]) {
      now = await advance(call, clockId, now, at);
      await pool([...played.values()], 6, async (cell) => {
        for (const action of cell.scenario.actions.filter((a) => a.at === at)) {
          try {
            await act(h, call, cell, action, cell.target);
          } catch (error) {
            fail(cell.scenario.id, `${action.kind} at ${at}: ${message(error)}`);
          }
        }
      });
    }

    await pool([...played.values()], 6, async (cell) => {
      try {
        const actual = await readBack(call, cell.scenario, cell.customerId, cell.subscriptionId);
        problems.get(cell.scenario.id)!.push(...brokenLaws(cell, actual, expectedOf(cell.scenario)));
      } catch (error) {
        fail(cell.scenario.id, error);
      }
    });
  } catch (error) {
    // the clock itself failed (created or advanced): every cell on it is failing, the other clocks go on
    for (const found of problems.values()) found.push(`the clock's run failed: ${message(error)}`);
  }
  return scenarios.map((s): CellResult => ({ id: s.id, problems: problems.get(s.id)! }));
}
