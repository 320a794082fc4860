// Where the test run keeps its state: its own databases and (unless TEMPORAL_ADDRESS is given) its own Temporal server.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bursar_test';

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
