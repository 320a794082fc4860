export { TestClockService, testClockOutput } from './test-clock.service';
export { testClockRoutes } from './test-clock.routes';
export { TestClock } from './test-clock.entity';
