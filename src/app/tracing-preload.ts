// Tracing for the `api` and `worker` processes, started before anything requires `http` or `pg` so that their
// instrumentations can patch them (bin/bursar.js loads this file first); flushed when the process winds down. Other
// commands trace nothing, and neither does a process without an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT).
import { startTracing } from '../platform/tracing/tracing';

const SERVICES: Record<string, string> = { api: 'bursar-api', worker: 'bursar-worker' };

const service = SERVICES[process.argv[2] ?? ''];
const tracing = service ? startTracing(service) : null;
if (tracing)
  process.once('beforeExit', () => {
    tracing.shutdown().catch((error) => console.error('tracing: the last spans could not be exported:', error));
  });
