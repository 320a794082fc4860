// Each Jest worker's files use the worker's own databases: the harness, and every process a test spawns, read DATABASE_URL.
import { TEST_DATABASE_URL } from './test-env';
import { createLogger, useLogger, type LogLevel } from '../../src/platform/logging/logger';

process.env.DATABASE_URL = TEST_DATABASE_URL;
// Processes tests spawn (workers killed and restarted, two test files at once) serve no metrics: they would all want
// the same default ports. test/integration/prometheus-metrics.test.ts gives its harness free ones.
Object.assign(process.env, { METRICS_PORT: '0', WORKER_METRICS_PORT: '0', TEMPORAL_METRICS_PORT: '0' });

// What the code under test logs in this process: WARN and above (failures tests provoke on purpose), unless LOG_LEVEL
// asks for more; a test that reads the log captures it (./log-capture.ts).
useLogger(createLogger({ service: 'test', level: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'warn' }));
