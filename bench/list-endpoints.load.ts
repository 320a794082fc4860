// The list benchmark's client: a closed loop of `concurrent` keep-alive connections (undici) for `seconds`, in a worker
// thread so that the load it makes does not take the API's event loop. Gives every latency and completion time (ms).
import { Worker } from 'node:worker_threads';

export interface LoadRun {
  latencies: number[];
  /** When each answer completed, in ms from the start. */
  completions: number[];
  failures: number;
  elapsedMs: number;
}

// Plain JavaScript: an `eval` worker does not go through tsx.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.undici);
const { origin, path, headers, concurrent, seconds } = workerData;
(async () => {
  const pool = new Pool(origin, { connections: concurrent, pipelining: 1 });
  const latencies = [], completions = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: concurrent }, async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
      await body.text();
      const done = performance.now();
      if (statusCode !== 200) failures++;
      latencies.push(done - sent);
      completions.push(done - started);
    }
  }));
  const elapsedMs = performance.now() - started;
  await pool.close();
  parentPort.postMessage({ latencies, completions, failures, elapsedMs });
})();
`;

export function closedLoop(
  url: string,
  headers: Record<string, string>,
  concurrent: number,
  seconds: number,
): Promise<LoadRun> {
  const { origin, pathname, search } = new URL(url);
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: {
      undici: require.resolve('undici'),
      origin,
      path: `${pathname}${search}`,
      headers,
      concurrent,
      seconds,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (run: LoadRun) => resolve(run));
    worker.once('error', reject);
  }).finally(() => worker.terminate()) as Promise<LoadRun>;
}
