// The test-clock module: its table, sandbox test clocks, and their routes. Domains whose flows follow a clock (checkouts,
// subscriptions) add themselves to `testClockFollowers`.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { TestClockSchema } from './test-clock.entity';
import { TestClockQueries } from './test-clock.queries';
import { TestClockService, type ClockFollowers } from './test-clock.service';
import { testClockRoutes } from './test-clock.routes';

export const testClockModule: Module = {
  name: 'test-clock',
  entities: [TestClockSchema],
  migrations: migrations(),
  provides: [
    provide(
      'testClockQueries',
      ['clock', 'sandbox'],
      ({ clock, sandbox }) => new TestClockQueries({ clock, enabled: sandbox }),
    ),
    provide(
      'testClocks',
      ['orm', 'clock', 'flows', 'sandbox', 'testClockFollowers'],
      ({ sandbox, testClockFollowers, ...s }) =>
        new TestClockService({ ...s, enabled: sandbox, followers: testClockFollowers }),
    ),
  ],
  routes: routes(['testClocks'], testClockRoutes),
};

declare module '../../platform/module' {
  interface Services {
    /** A flow's time on its test clock (wall time without one). */
    testClockQueries: TestClockQueries;
    testClocks: TestClockService;
  }
  interface Contributions {
    testClockFollowers: ClockFollowers[];
  }
}
