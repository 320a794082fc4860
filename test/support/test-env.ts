// Where the test run keeps its state: its own databases and (unless TEMPORAL_ADDRESS is given) its own Temporal server.
const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bursar_test';

/** The databases of one Jest worker (`bursar_test_w1_sandbox`…): files running side by side never share rows. */
export function workerDatabaseUrl(worker: string | number): string {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

/** This Jest worker's databases (the global setup makes and migrates every worker's). */
export const TEST_DATABASE_URL = workerDatabaseUrl(process.env.JEST_WORKER_ID ?? 1);

export const TEST_NAMESPACES = { production: 'bursar-test-production', sandbox: 'bursar-test-sandbox' } as const;

/** Environment variables every test process sees (set by the global setup). */
export function testEnvironmentVariables(temporalAddress: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE_PRODUCTION: TEST_NAMESPACES.production,
    TEMPORAL_NAMESPACE_SANDBOX: TEST_NAMESPACES.sandbox,
    BURSAR_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys',
  };
}
