// Test clocks (sandbox only, beyond the reference): a frozen time that attached customers' flows follow.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';
import { Timestamp, Uuid } from './common';

export const TestClock = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    organization_id: Uuid,
    name: z.string().nullable(),
    frozen_time: Timestamp,
    status: z.enum(['ready', 'advancing']),
  })
  .meta({ id: 'TestClock' });
export type TestClock = z.infer<typeof TestClock>;

export const TestClockCreate = z
  .object({
    name: z.string().min(1).max(255).nullish(),
    frozen_time: Timestamp,
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'TestClockCreate' });
export type TestClockCreate = z.infer<typeof TestClockCreate>;

export const TestClockAdvance = z.object({ frozen_time: Timestamp }).meta({ id: 'TestClockAdvance' });

export const TestClockList = ListResource(TestClock).meta({ id: 'ListResource_TestClock_' });
export const TestClockListQuery = z.object({ ...PageQuery });
export type TestClockListQuery = z.infer<typeof TestClockListQuery>;
