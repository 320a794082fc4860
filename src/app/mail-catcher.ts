// MailDev as a child process: the local mail catcher of `bursar start` (when SMTP_URL is unset) and of the test run.
// It takes every e-mail over SMTP and shows it in its web UI and REST API (`GET /api/email`); nothing leaves the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export interface MailCatcherOptions {
  smtpPort: number;
  webPort: number;
  /** Where the e-mails are kept (they survive a restart); created when missing. */
  dir: string;
  /** Where MailDev's own output goes; discarded when unset. */
  logFile?: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<smtpPort>`, what SMTP_URL should be. */
  smtpUrl: string;
  /** The web UI and REST API: `http://127.0.0.1:<webPort>`. */
  webUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** MailDev is ESM-only and exports no package.json: its CLI is found beside the other packages. */
function maildevCli(): string {
  const candidates = (require.resolve.paths('maildev') ?? []).map((dir) =>
    join(dir, 'maildev', 'dist', 'bin', 'maildev.js'),
  );
  const cli = candidates.find((path) => existsSync(path));
  if (!cli)
    throw new Error(
      'MailDev is not installed (npm ci installs it): it is the local mail catcher used when SMTP_URL is unset.',
    );
  return cli;
}

/** Starts MailDev on 127.0.0.1 and answers once both its SMTP port and its REST API do. */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  mkdirSync(options.dir, { recursive: true });
  const args = [
    '--smtp',
    String(options.smtpPort),
    '--web',
    String(options.webPort),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
  ];
  args.push('--mail-directory', options.dir);
  const output = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  // Own process group: Ctrl-C reaches the caller, which stops MailDev after the processes that send through it.
  const child = spawn(process.execPath, [maildevCli(), ...args], { stdio: ['ignore', output, output], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const smtpUrl = `smtp://127.0.0.1:${options.smtpPort}`;
  const webUrl = `http://127.0.0.1:${options.webPort}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killTimer);
  };

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const hint = options.logFile ? `; see ${options.logFile}` : '';
      throw new Error(
        `MailDev exited with code ${child.exitCode} (are ports ${options.smtpPort} and ${options.webPort} free?)${hint}`,
      );
    }
    if ((await answers(`${webUrl}/api/email`)) && (await accepts(options.smtpPort)))
      return { smtpUrl, webUrl, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`MailDev did not answer on ports ${options.smtpPort} and ${options.webPort} within 30 s`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
