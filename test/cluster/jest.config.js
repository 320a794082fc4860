/**
 * `./run cluster-test`: the cluster stack (`bursar start --cluster`) started and used by one test file, without the
 * main suite's global setup (it brings its own Temporal cluster, Redis and mail catcher). The main suite skips test/cluster.
 */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': 'ts-jest' },
  testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
  testTimeout: 300_000,
  maxWorkers: 1,
};
