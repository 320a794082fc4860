// The one way domain code learns the time, so tests and test clocks can stand in for the wall clock.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
