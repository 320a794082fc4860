// Test clock rules: which advances are refused, how a flow's frozen time moves, and when a flow has settled at its frozen time.
import {
  advanceRefusal,
  advanceTooFar,
  hasSettled,
  movedTime,
  type TestClockState,
} from '../../src/domains/test-clock/test-clock.logic';

const FROZEN = '2025-01-31T00:00:00.000Z';
const live: TestClockState = { frozenTime: FROZEN, deleted: false };
const deleted: TestClockState = { frozenTime: FROZEN, deleted: true };
const ms = (iso: string) => Date.parse(iso);

describe('advanceRefusal', () => {
  const backwards = {
    type: 'RequestValidationError',
    message: 'A test clock only moves forward.',
    issues: [{ loc: ['body', 'frozen_time'], msg: 'A test clock only moves forward.', type: 'value_error' }],
  };

  test.each([
    // name, clock, to, advancing, refusal type (null: allowed)
    ['a deleted clock', deleted, '2025-02-01T00:00:00.000Z', false, 'ResourceNotFound'],
    ['a deleted clock that was advancing', deleted, '2025-02-01T00:00:00.000Z', true, 'ResourceNotFound'],
    ['a deleted clock, backwards', deleted, '2025-01-01T00:00:00.000Z', false, 'ResourceNotFound'],
    ['a clock already advancing', live, '2025-02-01T00:00:00.000Z', true, 'Conflict'],
    ['a clock already advancing, backwards', live, '2025-01-01T00:00:00.000Z', true, 'Conflict'],
    ['to the same time', live, FROZEN, false, 'RequestValidationError'],
    [
      'to the same instant written in another offset',
      live,
      '2025-01-31T01:00:00+01:00',
      false,
      'RequestValidationError',
    ],
    ['1 ms back', live, '2025-01-30T23:59:59.999Z', false, 'RequestValidationError'],
    ['a year back', live, '2024-01-31T00:00:00.000Z', false, 'RequestValidationError'],
    ['1 ms forward', live, '2025-01-31T00:00:00.001Z', false, null],
    ['a month forward', live, '2025-02-28T00:00:00.000Z', false, null],
    ['1 s forward, written in another offset', live, '2025-01-30T19:00:01-05:00', false, null],
  ] as [string, TestClockState, string, boolean, string | null][])(
    '%s → %p',
    (_name, clock, to, advancing, expected) => {
      expect(advanceRefusal(clock, to, advancing)?.type ?? null).toBe(expected);
    },
  );

  test('moving back is a 422 on frozen_time', () => {
    expect(advanceRefusal(live, '2025-01-01T00:00:00.000Z', false)).toEqual(backwards);
  });

  test.each([
    ['ResourceNotFound', deleted, false, { type: 'ResourceNotFound', message: 'Test clock not found.' }],
    [
      'Conflict',
      live,
      true,
      { type: 'Conflict', message: 'This test clock is already advancing; wait for that to finish.' },
    ],
  ] as const)('%s carries no issues', (_name, clock, advancing, expected) => {
    expect(advanceRefusal(clock, '2025-02-01T00:00:00.000Z', advancing)).toEqual(expected);
  });
});

test.each([
  // name, frozen, to, moved to
  ['forward', FROZEN, '2025-02-28T00:00:00.000Z', '2025-02-28T00:00:00.000Z'],
  ['1 ms forward', FROZEN, '2025-01-31T00:00:00.001Z', '2025-01-31T00:00:00.001Z'],
  ['to the same time', FROZEN, FROZEN, FROZEN],
  ['an older advance arriving late never moves back', FROZEN, '2025-01-01T00:00:00.000Z', FROZEN],
  ['1 ms back is ignored too', FROZEN, '2025-01-30T23:59:59.999Z', FROZEN],
  ['no time: the clock keeps its time', FROZEN, null, FROZEN],
] as [string, string, string | null, string][])('movedTime: %s', (_name, frozen, to, expected) => {
  expect(movedTime(ms(frozen), to)).toBe(ms(expected));
});

test.each([
  // name, ending, waiting until, frozen, settled
  ['ending, while working', true, null, FROZEN, true],
  ['ending, with a deadline already reached', true, '2025-01-01T00:00:00.000Z', FROZEN, true],
  ['waiting for a later deadline', false, '2025-02-28T00:00:00.000Z', FROZEN, true],
  ['waiting for a deadline 1 ms ahead', false, '2025-01-31T00:00:00.001Z', FROZEN, true],
  ['waiting for a deadline reached exactly: it must fire first', false, FROZEN, FROZEN, false],
  ['waiting for a deadline already past', false, '2025-01-01T00:00:00.000Z', FROZEN, false],
  ['working (waiting for nothing yet)', false, null, FROZEN, false],
] as [string, boolean, string | null, string, boolean][])(
  'hasSettled: %s → %p',
  (_name, ending, waitingUntil, frozen, expected) => {
    expect(
      hasSettled({ ending, waitingUntil: waitingUntil === null ? null : ms(waitingUntil), frozen: ms(frozen) }),
    ).toBe(expected);
  },
);

test('hasSettled: blocked without a deadline (Infinity) has settled', () => {
  expect(hasSettled({ ending: false, waitingUntil: Infinity, frozen: ms(FROZEN) })).toBe(true);
});

describe('advanceRefusal after an advance whose flows did not all settle', () => {
  test.each([
    // name, to, unsettled, refusal type (null: allowed)
    ['the same time again, to finish it', FROZEN, true, null],
    ['the same time again after a settled advance', FROZEN, false, 'RequestValidationError'],
    ['a later time', '2025-02-01T00:00:00.000Z', true, null],
    ['an earlier time', '2025-01-30T00:00:00.000Z', true, 'RequestValidationError'],
  ] as [string, string, boolean, string | null][])('%s → %p', (_name, to, unsettled, expected) => {
    expect(advanceRefusal(live, to, false, unsettled)?.type ?? null).toBe(expected);
  });

  test('an advance in flight is still a conflict', () => {
    expect(advanceRefusal(live, FROZEN, true, true)?.type).toBe('Conflict');
  });
});

describe('advanceTooFar', () => {
  const from = new Date('2025-01-01T00:00:00Z');
  test.each([
    ['a month', '2025-02-01T00:00:00Z', false],
    ['five years (1,826 days, 2028 a leap year)', '2030-01-01T00:00:00Z', false],
    ['1,827 days', '2030-01-02T00:00:00Z', false],
    ['1,827 days and a second', '2030-01-02T00:00:01Z', true],
    ['a century', '2125-01-01T00:00:00Z', true],
  ])('%s', (_name, to, refused) => {
    expect(advanceTooFar(from, new Date(to)) !== null).toBe(refused);
  });
});
