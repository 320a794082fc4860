// Starts the bare engine beside a benchmark's stack: its worker and API processes on the same Temporal server,
// namespace and database (schema `bare`), with the SQL counter preloaded, as the stack's own processes are.
import { resolve } from 'node:path';
import { freePort } from '../../test/support/free-port';
import { spawnNode, stopProcess } from '../measure/processes';

export interface BareEngine {
  base: string;
  apiPid: number;
  workerPid: number;
  stop(): Promise<void>;
}

export async function startBareEngine(variables: NodeJS.ProcessEnv): Promise<BareEngine> {
  const port = await freePort();
  const env = { ...variables, PORT: String(port) };
  const worker = await spawnNode(resolve(__dirname, 'bare-worker.ts'), [], env, 'bare worker: polling');
  const api = await spawnNode(resolve(__dirname, 'bare-api.ts'), [], env, 'bare api: listening');
  return {
    base: `http://127.0.0.1:${port}`,
    apiPid: api.pid!,
    workerPid: worker.pid!,
    async stop() {
      await Promise.all([api, worker].map(stopProcess));
    },
  };
}
