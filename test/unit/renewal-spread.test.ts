import { idFraction, renewalDueAt } from '../../src/domains/subscription/renewal-spread.logic';

// FNV-1a of "a" is 0xe40c292c (the published test vector): 3,826,002,220 / 2^32 = 0.89081…
test.each([
  ['a', '2026-12-01T00:00:00.000Z', 300_000, '2026-12-01T00:04:27.243Z'], // ⌊0.8908105595 × 300,000⌋ = 267,243 ms
  ['a', '2026-12-01T00:00:00.000Z', 1_000, '2026-12-01T00:00:00.890Z'], // ⌊890.81⌋
  ['a', '2026-12-01T00:00:00.000Z', 0, '2026-12-01T00:00:00.000Z'], // no spread: at the period's end
  ['a', '2026-12-01T00:00:00.000Z', undefined, '2026-12-01T00:00:00.000Z'], // schedules read before the spread existed
  ['', '2026-12-01T00:00:00.000Z', 1_000, '2026-12-01T00:00:00.504Z'], // the offset basis 0x811c9dc5: 2,166,136,261 / 2^32 = 0.50434…
])('the renewal of %p ending %s with a spread of %p ms runs at %s', (id, periodEnd, spreadMs, due) => {
  expect(renewalDueAt(periodEnd, id, spreadMs)).toBe(due);
});

test('10,000 subscriptions ending at one instant renew spread over the window, about evenly', () => {
  const buckets = new Array(10).fill(0);
  for (let i = 0; i < 10_000; i++) {
    const fraction = idFraction(`00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
    expect(fraction).toBeGreaterThanOrEqual(0);
    expect(fraction).toBeLessThan(1);
    buckets[Math.floor(fraction * 10)]++;
  }
  for (const count of buckets) expect(count).toBeGreaterThan(800); // 1,000 each if even; at most 1,200 by the total
});
