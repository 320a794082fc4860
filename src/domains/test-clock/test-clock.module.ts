// The test-clock module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { TestClockSchema } from './test-clock.entity';

export const testClockModule: Module = {
  name: 'test-clock',
  entities: [TestClockSchema],
  migrations: migrations(),
};
