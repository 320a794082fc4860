export { TestClockService } from './test-clock.service';
export { TestClockQueries } from './test-clock.queries';
export type { TestClock } from './test-clock.entity';
export { testClockModule } from './test-clock.module';
