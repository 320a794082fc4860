// The bare engine's worker process: `node --require tsx/cjs bench/baseline/bare-worker.ts` with DATABASE_URL,
// TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE; it polls the task queue `bare`.
import { NativeConnection, Worker } from '@temporalio/worker';
import * as activities from './bare-activities';

async function main(): Promise<void> {
  await activities.pool.query(activities.BARE_SCHEMA);
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: process.env.TEMPORAL_NAMESPACE,
    taskQueue: 'bare',
    workflowsPath: require.resolve('./bare-workflows'),
    activities,
  });
  process.once('SIGTERM', () => worker.shutdown());
  console.log('bare worker: polling');
  await worker.run();
  await activities.pool.end();
  await connection.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
