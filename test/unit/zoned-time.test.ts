import { isoInZone } from '../../src/kernel/zoned-time';

describe('isoInZone', () => {
  test.each([
    ['2026-03-01T09:30:00.000Z', 'UTC', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30:00.250Z', 'Europe/Paris', '2026-03-01T10:30:00.250+01:00'],
    ['2026-07-01T09:30:00.000Z', 'Europe/Paris', '2026-07-01T11:30:00.000+02:00'],
    ['2026-01-01T02:00:00.000Z', 'America/New_York', '2025-12-31T21:00:00.000-05:00'],
    ['2026-11-27T23:00:00.000Z', 'Asia/Kolkata', '2026-11-28T04:30:00.000+05:30'],
    ['2026-11-27T23:00:00.000Z', 'America/St_Johns', '2026-11-27T19:30:00.000-03:30'],
    ['2026-03-29T00:59:59.999Z', 'Europe/London', '2026-03-29T00:59:59.999+00:00'],
    ['2026-03-29T01:00:00.000Z', 'Europe/London', '2026-03-29T02:00:00.000+01:00'],
    ['2026-11-27T12:00:00.000Z', 'Pacific/Chatham', '2026-11-28T01:45:00.000+13:45'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(isoInZone(new Date(instant), zone)).toBe(expected);
  });
});
