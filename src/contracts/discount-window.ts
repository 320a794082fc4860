// The rules across a discount's fields: the months of a repeating duration, a window that ends after it starts.
import type { z } from 'zod';

type DurationFields = {
  duration?: string | null;
  duration_in_months?: number | null;
  starts_at?: string | null;
  ends_at?: string | null;
};

/** Rules across fields: months only (and always) for a repeating duration; a window that ends after it starts. */
export function checkDurationAndWindow(value: DurationFields, ctx: z.RefinementCtx): void {
  if (value.duration === 'repeating' && value.duration_in_months == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['duration_in_months'],
      message: 'A repeating discount needs duration_in_months',
    });
  }
  if (value.duration && value.duration !== 'repeating' && value.duration_in_months != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['duration_in_months'],
      message: 'duration_in_months applies only to a repeating discount',
    });
  }
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_at must be after starts_at' });
  }
}
