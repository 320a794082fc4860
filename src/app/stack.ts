// `bursar start`: the whole stack on one machine — Temporal dev server (unless TEMPORAL_ADDRESS), mail catcher (unless
// SMTP_URL), databases, API, worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_HEAP_LIMIT_MIB } from '../../temporal.config';
import type { Config } from '../platform/config';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { setUp } from './setup';
import { startDevServer, temporalCliPath, type DevServer } from './temporal-dev-server';

const BIN = resolve(__dirname, '../../bin/bursar.js');

export async function runStack(config: Config): Promise<void> {
  mkdirSync(config.DATA_DIR, { recursive: true });
  let devServer: DevServer | undefined;
  if (config.embeddedTemporal) {
    devServer = await startDevServer({
      cliPath: temporalCliPath(),
      port: config.TEMPORAL_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      dbFile: join(config.DATA_DIR, 'temporal.db'),
      namespaces: Object.values(config.namespaces),
      logFile: join(config.DATA_DIR, 'temporal.log'),
    });
  }
  let mailCatcher: MailCatcher | undefined;
  try {
    if (!config.SMTP_URL) {
      mailCatcher = await startMailCatcher({
        smtpPort: config.MAILDEV_SMTP_PORT,
        webPort: config.MAILDEV_WEB_PORT,
        dir: join(config.DATA_DIR, 'mail'),
        logFile: join(config.DATA_DIR, 'mail-catcher.log'),
      });
    }
    await setUp(config);
  } catch (error) {
    await mailCatcher?.stop();
    await devServer?.stop();
    throw error;
  }

  const smtpUrl = mailCatcher?.smtpUrl ?? config.SMTP_URL;
  const children = ['worker', 'api'].map((command) => spawnChild(command, config, smtpUrl));
  printUrls(config, Boolean(mailCatcher));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const codes = await Promise.all(
    children.map((child) => new Promise<number>((done) => child.once('exit', (code) => (stop(), done(code ?? 0))))),
  );
  await mailCatcher?.stop();
  await devServer?.stop();
  console.log('Stopped.');
  if (codes.some((code) => code !== 0)) process.exitCode = 1;
}

function spawnChild(command: string, config: Config, smtpUrl: string | undefined): ChildProcess {
  // Own process group, so Ctrl-C is handled once, here, and the children stop in order.
  return spawn(process.execPath, [...(command === 'worker' ? workerHeapLimit() : []), BIN, command], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, TEMPORAL_ADDRESS: config.temporalAddress, ...(smtpUrl && { SMTP_URL: smtpUrl }) },
  });
}

function printUrls(config: Config, mailCatcher: boolean): void {
  const ui = config.embeddedTemporal ? `http://localhost:${config.TEMPORAL_UI_PORT}` : '(external cluster)';
  console.log(
    [
      '',
      'Bursar is running:',
      `  API (production)  ${config.publicUrls.production}/v1   OpenAPI: ${config.publicUrls.production}/openapi.json`,
      `  API (sandbox)     ${config.publicUrls.sandbox}/v1   OpenAPI: ${config.publicUrls.sandbox}/openapi.json`,
      `  Hosted pages      each checkout's url (${config.publicUrls.sandbox}/checkout/<client secret>), portal ${config.publicUrls.sandbox}/portal/<organization slug>`,
      `  Temporal          ${config.temporalAddress}   namespaces: ${Object.values(config.namespaces).join(', ')}`,
      `  Temporal Web UI   ${ui}`,
      ...(mailCatcher ? [`  Mail catcher      http://localhost:${config.MAILDEV_WEB_PORT}`] : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

/** The worker's V8 heap limit (temporal.config.ts says why), unless NODE_OPTIONS sets one. */
export function workerHeapLimit(): string[] {
  return process.env.NODE_OPTIONS?.includes('--max-old-space-size')
    ? []
    : [`--max-old-space-size=${WORKER_HEAP_LIMIT_MIB}`];
}
