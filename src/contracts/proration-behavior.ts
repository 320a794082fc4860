// How a subscription change mid-period is billed: invoiced now, prorated on the next invoice, or from the next period.
import { z } from 'zod';

/** `reset` exists in the reference behind a feature flag; Bursar offers the three public behaviours. */
export const ProrationBehavior = z.enum(['invoice', 'prorate', 'next_period']);
export type ProrationBehavior = z.infer<typeof ProrationBehavior>;
