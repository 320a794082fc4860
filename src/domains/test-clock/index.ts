export { TestClockService, type ClockFollowers } from './test-clock.service';
export { TestClockQueries } from './test-clock.queries';
export { testClockOutput } from './test-clock.output';
export { testClockRoutes } from './test-clock.routes';
export type { TestClock } from './test-clock.entity';
export { testClockModule } from './test-clock.module';
