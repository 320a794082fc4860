// The scale-out arithmetic of the report: CPU per operation by process × the rate a merchant needs = cores per tier.
import { CPU_FIGURE, CPU_ROLES } from '../measure/cost-figures';
import type { RunOutcome } from './report-markdown';

/** Peak rates (per second) of three example merchants. */
const TIERS: { name: string; rates: Record<string, number> }[] = [
  {
    name: '10,000 subscribers (month start spread over 5 min), 1 purchase/s, 50 deliveries/s',
    rates: { purchase: 1, renewal: 33, 'webhook delivery': 50 },
  },
  {
    name: '100,000 subscribers (spread over 1 h), 10 purchases/s, 300 deliveries/s',
    rates: { purchase: 10, renewal: 28, 'webhook delivery': 300 },
  },
  {
    name: '1,000,000 subscribers (spread over 1 h), 50 purchases/s, 2,000 deliveries/s',
    rates: { purchase: 50, renewal: 278, 'webhook delivery': 2000 },
  },
];

/**
 * CPU ms per operation by process of each flow, from its run (the renewal's: the month-start burst's, or else the
 * largest book renewing on a test clock with one worker).
 */
function flowCosts(outcomes: RunOutcome[]): Map<string, Record<string, number>> {
  const largest = outcomes
    .filter(({ run }) => run.renewals?.workers === 1)
    .sort((a, b) => b.run.renewals!.subscriptions - a.run.renewals!.subscriptions)[0];
  const costs = new Map<string, Record<string, number>>();
  for (const outcome of outcomes) {
    if (outcome.run.renewals && outcome !== largest) continue;
    for (const figure of outcome.results.flatMap((result) => result.figures)) {
      const match = CPU_FIGURE.exec(figure.name);
      if (match) costs.set(match[1], { ...costs.get(match[1]), [match[2]]: figure.value });
    }
  }
  // A production renewal is the month-start burst's (real time), not the test clock's (its Updates included).
  if (costs.has('month-start renewal')) costs.set('renewal', costs.get('month-start renewal')!);
  return costs;
}

export function capacityMarkdown(outcomes: RunOutcome[]): string[] {
  const costs = flowCosts(outcomes);
  const flows = Object.keys(TIERS[0].rates).filter((flow) => costs.has(flow));
  if (!flows.length) return [];
  const lines = [
    '## Cores per tier',
    '',
    `CPU per operation by process (${flows.map((flow) => `${flow}: ${CPU_ROLES.map((role) => `${role} ${(costs.get(flow)![role] ?? 0).toFixed(1)}`).join(', ')} ms`).join('; ')}) × each tier's peak rates; cores at 100 % busy, before headroom.`,
    '',
    `| tier | ${CPU_ROLES.join(' | ')} | all |`,
    `|---|${CPU_ROLES.map(() => '---|').join('')}---|`,
  ];
  for (const { name, rates } of TIERS) {
    const cores = CPU_ROLES.map((role) =>
      flows.reduce((sum, flow) => sum + (rates[flow] * (costs.get(flow)![role] ?? 0)) / 1000, 0),
    );
    const total = cores.reduce((a, b) => a + b, 0);
    lines.push(`| ${name} | ${cores.map((c) => c.toFixed(2)).join(' | ')} | ${total.toFixed(2)} |`);
  }
  return [...lines, ''];
}
