// Pause and resume rules: the credit a pause now owes, when a resume may be set for, which pauses and resumes are
// legal, the commands update requests ask for, and what the workflow shows of a pause.
import type { SubscriptionUpdate } from '../../src/contracts/subscription-update';
import type { SubscriptionStatus } from '../../src/domains/subscription/subscription.entity';
import { commandRefusal, type LifecycleState } from '../../src/domains/subscription/subscription-command.logic';
import {
  pauseCredit,
  resumeDateRefusal,
  resumesAfterPeriodStart,
} from '../../src/domains/subscription/subscription-pause.logic';
import { commandOf } from '../../src/domains/subscription/subscription-update-command.logic';
import {
  upcomingSchedule,
  type SubscriptionCommand,
  type SubscriptionSchedule,
} from '../../src/domains/subscription/subscription.logic';
import { RequestValidationError } from '../../src/kernel/errors';

const utc = (iso: string) => new Date(iso);
const JANUARY = { start: utc('2025-01-01T00:00:00Z'), end: utc('2025-02-01T00:00:00Z') }; // 31 days
const FEBRUARY = { start: utc('2024-02-01T00:00:00Z'), end: utc('2024-03-01T00:00:00Z') }; // 29 days (leap year)

describe('pauseCredit: the unused time of the paid period, negative, rounded half-up', () => {
  test.each([
    // amount, period, paused at, expected (hand-computed)
    [3000, JANUARY, '2025-01-11T00:00:00Z', -2032], // 3000 × 21/31 = 2032.26
    [3000, JANUARY, '2025-01-01T00:00:00Z', -3000], // at the period's start: all of it
    [3000, JANUARY, '2025-02-01T00:00:00Z', 0], // at the period's end (a pause at period end): nothing
    [3000, JANUARY, '2025-01-31T12:00:00Z', -48], // 3000 × 12h/744h = 48.39
    [1000, JANUARY, '2025-01-16T12:00:00Z', -500], // 1000 × 372h/744h = 500 exactly
    [999, FEBRUARY, '2024-02-15T00:00:00Z', -517], // 999 × 15/29 = 516.72
    [1, JANUARY, '2025-01-16T12:00:00Z', -1], // 0.5 rounds away from zero
    [1, JANUARY, '2025-01-17T00:00:00Z', 0], // 1 × 15/31 = 0.48
    [0, JANUARY, '2025-01-11T00:00:00Z', 0], // a free plan owes nothing
    [100_000_000, JANUARY, '2025-01-02T00:00:00Z', -96_774_194], // 10^8 × 30/31 = 96774193.5
  ])('%i over %o paused at %s: %i', (amount, period, at, expected) => {
    expect(pauseCredit(amount, period, utc(at))).toBe(expected);
  });
});

describe('resumeDateRefusal: a resume date comes after the pause takes effect', () => {
  test.each([
    [null, '2025-02-01T00:00:00Z', null],
    ['2025-03-01T00:00:00Z', '2025-02-01T00:00:00Z', null],
    ['2025-02-01T00:00:00.001Z', '2025-02-01T00:00:00Z', null],
    [
      '2025-02-01T00:00:00Z',
      '2025-02-01T00:00:00Z',
      'resumes_at must be after 2025-02-01T00:00:00.000Z, when the pause takes effect.',
    ],
    [
      '2025-01-20T00:00:00Z',
      '2025-02-01T00:00:00Z',
      'resumes_at must be after 2025-02-01T00:00:00.000Z, when the pause takes effect.',
    ],
  ])('resumes at %s, pausing at %s: %s', (resumesAt, pausesAt, expected) => {
    expect(resumeDateRefusal(resumesAt, utc(pausesAt))).toBe(expected);
  });
});

test.each([
  ['2025-01-01T00:00:00Z', '2025-01-01T00:00:00.001Z', true],
  ['2025-01-01T00:00:00Z', '2025-03-01T00:00:00Z', true],
  ['2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', false], // paused and resumed at the period's very start
  ['2025-01-01T00:00:00Z', '2024-12-31T23:59:59Z', false],
])('resumesAfterPeriodStart(%s, %s) = %s', (start, at, expected) => {
  expect(resumesAfterPeriodStart(utc(start), utc(at))).toBe(expected);
});

describe('commandRefusal for pauses and resumes', () => {
  const state = (status: SubscriptionStatus, more: Partial<LifecycleState> = {}): LifecycleState => ({
    status,
    cancelAtPeriodEnd: false,
    pauseAtPeriodEnd: false,
    ...more,
  });
  const pause = (now: boolean): SubscriptionCommand => ({ kind: 'pause', now, resumesAt: null, keepBenefits: false });
  const resumeAt: SubscriptionCommand = { kind: 'schedule_resume', resumesAt: '2025-05-01T00:00:00.000Z' };
  const change: SubscriptionCommand = { kind: 'change', seats: 2, proration: 'invoice' };
  const cancel: SubscriptionCommand = { kind: 'cancel', reason: null, comment: null };
  test.each([
    ['pause an active one at period end', state('active'), pause(false), null],
    ['pause an active one now', state('active'), pause(true), null],
    ['pause now one set to pause at period end', state('active', { pauseAtPeriodEnd: true }), pause(true), null],
    ['pause again at period end', state('active', { pauseAtPeriodEnd: true }), pause(false), 'PauseResumeNotAllowed'],
    ['pause a paused one', state('paused'), pause(true), 'PauseResumeNotAllowed'],
    ['pause a trialing one', state('trialing'), pause(false), 'PauseResumeNotAllowed'],
    ['pause a past due one (no dunning while paused)', state('past_due'), pause(true), 'PauseResumeNotAllowed'],
    ['pause one set to cancel', state('active', { cancelAtPeriodEnd: true }), pause(false), 'PauseResumeNotAllowed'],
    ['pause a canceled one', state('canceled'), pause(true), 'AlreadyCanceledSubscription'],
    ['unpause one set to pause', state('active', { pauseAtPeriodEnd: true }), { kind: 'unpause' }, null],
    ['unpause one not set to pause', state('active'), { kind: 'unpause' }, 'BadRequest'],
    ['unpause a paused one', state('paused'), { kind: 'unpause' }, 'BadRequest'],
    ['resume a paused one', state('paused'), { kind: 'resume' }, null],
    ['resume an active one', state('active'), { kind: 'resume' }, 'PauseResumeNotAllowed'],
    [
      'resume one only set to pause',
      state('active', { pauseAtPeriodEnd: true }),
      { kind: 'resume' },
      'PauseResumeNotAllowed',
    ],
    ['resume a canceled one', state('canceled'), { kind: 'resume' }, 'AlreadyCanceledSubscription'],
    ['set the resume date of a paused one', state('paused'), resumeAt, null],
    ['set the resume date of one set to pause', state('active', { pauseAtPeriodEnd: true }), resumeAt, null],
    ['set the resume date of an active one', state('active'), resumeAt, 'PauseResumeNotAllowed'],
    ['change a paused one', state('paused'), change, 'PauseResumeNotAllowed'],
    ['change one set to pause', state('active', { pauseAtPeriodEnd: true }), change, null],
    [
      'clear the pending update of a paused one',
      state('paused'),
      { kind: 'clear_pending_update' },
      'PauseResumeNotAllowed',
    ],
    ['cancel a paused one', state('paused'), cancel, 'PauseResumeNotAllowed'],
    ['cancel one set to pause', state('active', { pauseAtPeriodEnd: true }), cancel, 'PauseResumeNotAllowed'],
    ['revoke a paused one', state('paused'), { kind: 'revoke', reason: null, comment: null }, null],
    ['a schedule recorded before pauses existed', { status: 'active', cancelAtPeriodEnd: false }, pause(false), null],
  ] as [string, LifecycleState, SubscriptionCommand, string | null][])('%s', (_name, s, command, expected) => {
    expect(commandRefusal(s, command)?.type ?? null).toBe(expected);
  });
});

describe('commandOf for pauses and resumes', () => {
  const AT = '2025-05-01T00:00:00Z';
  test.each([
    [
      'pause at period end',
      { pause_at_period_end: true },
      { kind: 'pause', now: false, resumesAt: null, keepBenefits: false },
    ],
    [
      'pause at period end until a date, benefits kept',
      { pause_at_period_end: true, resumes_at: '2025-05-01T02:00:00+02:00' },
      { kind: 'pause', now: false, resumesAt: '2025-05-01T00:00:00.000Z', keepBenefits: true },
      true,
    ],
    ['pause now (ours)', { pause_now: true }, { kind: 'pause', now: true, resumesAt: null, keepBenefits: false }],
    [
      'pause now with pause_at_period_end false',
      { pause_at_period_end: false, pause_now: true, resumes_at: AT },
      { kind: 'pause', now: true, resumesAt: '2025-05-01T00:00:00.000Z', keepBenefits: false },
    ],
    ['cancel a pause', { pause_at_period_end: false }, { kind: 'unpause' }],
    ['cancel a pause, with a null resume date', { pause_at_period_end: false, resumes_at: null }, { kind: 'unpause' }],
    ['resume now', { resume: true }, { kind: 'resume' }],
    ['resume on a date (ours)', { resumes_at: AT }, { kind: 'schedule_resume', resumesAt: '2025-05-01T00:00:00.000Z' }],
    ['resume only when resumed (ours)', { resumes_at: null }, { kind: 'schedule_resume', resumesAt: null }],
  ] as [string, SubscriptionUpdate, SubscriptionCommand, boolean?][])('%s', (_name, body, expected, keep = false) => {
    expect(commandOf(body, 'prorate', { keepBenefitsWhilePaused: keep })).toEqual(expected);
  });

  test.each([
    ['pause both now and at period end', { pause_at_period_end: true, pause_now: true }, ['body', 'pause_now']],
    ['cancel a pause with a resume date', { pause_at_period_end: false, resumes_at: AT }, ['body', 'resumes_at']],
    ['resume now with a date', { resume: true, resumes_at: AT }, ['body', 'resumes_at']],
    ['pause and cancel at once', { pause_at_period_end: true, cancel_at_period_end: true }, ['body']],
    ['pause and change seats at once', { pause_now: true, seats: 2 }, ['body']],
    ['resume and revoke at once', { resume: true, revoke: true }, ['body']],
  ] as [string, SubscriptionUpdate, string[]][])('%s: 422', (_name, body, loc) => {
    let thrown: unknown;
    try {
      commandOf(body, 'prorate');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestValidationError);
    expect((thrown as RequestValidationError).detail).toEqual([expect.objectContaining({ loc })]);
  });
});

describe('upcomingSchedule of a paused or pausing subscription', () => {
  const monthly: SubscriptionSchedule = {
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2025-01-31T00:00:00.000Z',
    pauseAtPeriodEnd: false,
    pausedAt: null,
    resumesAt: null,
    interval: 'month',
    intervalCount: 1,
    anchorDay: 31,
    dunningDays: [2, 5, 7, 7],
    clockTime: null,
  };
  test.each([
    [
      'pausing at period end, until resumed',
      { ...monthly, pauseAtPeriodEnd: true },
      {
        status: 'active',
        next: { action: 'pause', at: '2025-01-31T00:00:00.000Z' },
        renewals: [],
        paused: { since: null, until: null },
      },
    ],
    [
      'pausing at period end until the 30th of March: renewals from then, on the 30th',
      { ...monthly, pauseAtPeriodEnd: true, resumesAt: '2025-03-30T00:00:00.000Z' },
      {
        status: 'active',
        next: { action: 'pause', at: '2025-01-31T00:00:00.000Z' },
        renewals: ['2025-03-30T00:00:00.000Z', '2025-04-30T00:00:00.000Z', '2025-05-30T00:00:00.000Z'],
        paused: { since: null, until: '2025-03-30T00:00:00.000Z' },
      },
    ],
    [
      'paused until resumed',
      { ...monthly, status: 'paused', pausedAt: '2025-01-31T00:00:00.000Z' },
      {
        status: 'paused',
        next: { action: 'none', at: null },
        renewals: [],
        paused: { since: '2025-01-31T00:00:00.000Z', until: null },
      },
    ],
    [
      'paused until the 31st of January 2024 (a leap year: February 29th)',
      { ...monthly, status: 'paused', pausedAt: '2023-12-10T00:00:00.000Z', resumesAt: '2024-01-31T00:00:00.000Z' },
      {
        status: 'paused',
        next: { action: 'resume', at: '2024-01-31T00:00:00.000Z' },
        renewals: ['2024-01-31T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2024-03-31T00:00:00.000Z'],
        paused: { since: '2023-12-10T00:00:00.000Z', until: '2024-01-31T00:00:00.000Z' },
      },
    ],
    [
      'set to cancel wins over nothing paused',
      { ...monthly, cancelAtPeriodEnd: true },
      { status: 'active', next: { action: 'end', at: '2025-01-31T00:00:00.000Z' }, renewals: [] },
    ],
  ] as [string, SubscriptionSchedule, ReturnType<typeof upcomingSchedule>][])('%s', (_name, schedule, expected) => {
    expect(upcomingSchedule(schedule, null)).toEqual(expected);
  });
});
