// Test clocks as the API shows them.
import type { TestClock as TestClockOutput } from '../../contracts/test-clock';
import type { TestClock } from './test-clock.entity';

export function testClockOutput(clock: TestClock): TestClockOutput {
  return {
    id: clock.id,
    created_at: clock.createdAt.toISOString(),
    modified_at: clock.modifiedAt?.toISOString() ?? null,
    organization_id: clock.organizationId,
    name: clock.name,
    frozen_time: clock.frozenTime.toISOString(),
    status: clock.status,
  };
}
