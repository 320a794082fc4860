// The process's one registry: everything `GET /metrics` serves, the Node.js runtime's own series included.
import { Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** The label every Bursar series carries: one process serves both environments. */
export type EnvironmentLabel = 'production' | 'sandbox';
