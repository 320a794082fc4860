// Once per run: fresh test databases (a pair per Jest worker), migrated, a headless Temporal dev server and a MailDev (the tests' SMTP server,
// read back through its REST API) on free ports.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { bundleWorkflowCode } from '@temporalio/worker';
import { freePort } from './free-port';
import { ENVIRONMENTS, environmentDatabaseUrl } from '../../src/platform/config';
import { migrate } from '../../src/app/database';
import { connectTemporal, ensureNamespace, ensureSearchAttributes } from '../../src/app/temporal';
import { startDevServer, temporalCliPath, type DevServer } from '../../src/app/temporal-dev-server';
import { startMailCatcher, type MailCatcher } from '../../src/app/mail-catcher';
import { TEST_NAMESPACES, testEnvironmentVariables, workerDatabaseUrl } from './test-env';

declare global {
  var __temporalDevServer: DevServer | undefined;
  var __mailCatcher: { catcher: MailCatcher; dir: string } | undefined;
  var __compatDir: string | undefined;
  var __workflowBundleDir: string | undefined;
}

export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, i) => i + 1);
  for (const url of workers.flatMap((worker) =>
    ENVIRONMENTS.map((environment) => environmentDatabaseUrl(workerDatabaseUrl(worker), environment)),
  )) {
    await dropDatabase(url);
    await migrate(url);
  }

  let address = process.env.TEMPORAL_ADDRESS;
  if (!address) {
    globalThis.__temporalDevServer = await startDevServer({
      cliPath: temporalCliPath(),
      port: await freePort(),
      namespaces: Object.values(TEST_NAMESPACES),
    });
    address = globalThis.__temporalDevServer.address;
  }
  const connection = await connectTemporal(address);
  for (const namespace of Object.values(TEST_NAMESPACES)) {
    await ensureNamespace(connection, namespace);
    await ensureSearchAttributes(connection, namespace);
  }
  await connection.close();

  const dir = mkdtempSync(join(tmpdir(), 'bursar-test-mail-'));
  const catcher = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort(), dir });
  globalThis.__mailCatcher = { catcher, dir };

  // Where the tests record their exchanges and webhooks for the client-compatibility suite (test/compat/); a
  // BURSAR_COMPAT_DIR given from outside is kept, to judge its recordings again.
  if (!process.env.BURSAR_COMPAT_DIR) globalThis.__compatDir = mkdtempSync(join(tmpdir(), 'bursar-compat-'));

  // The workflows bundled once for the run: every test's worker (and every `bursar worker` a test spawns) loads it.
  globalThis.__workflowBundleDir = mkdtempSync(join(tmpdir(), 'bursar-workflows-'));
  const bundlePath = join(globalThis.__workflowBundleDir, 'workflow-bundle.js');
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    logger: silentLogger,
  });
  writeFileSync(bundlePath, code);

  Object.assign(process.env, testEnvironmentVariables(address), {
    WORKFLOW_BUNDLE_PATH: bundlePath,
    SMTP_URL: catcher.smtpUrl,
    MAIL_CATCHER_URL: catcher.webUrl,
    BURSAR_COMPAT_DIR: process.env.BURSAR_COMPAT_DIR ?? globalThis.__compatDir,
  });
}

const silentLogger = { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error };

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}
