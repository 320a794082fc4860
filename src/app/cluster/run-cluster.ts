// `bursar start --cluster`: the cluster stack in the foreground, its addresses and versions printed, stopped in order
// on Ctrl-C.
import { startClusterStack, type ClusterStack } from './cluster-stack';

export async function runClusterStack(): Promise<void> {
  // Ctrl-C while starting: the start gives up at its next step and stops what it started (the children are in
  // process groups of their own, out of reach of the terminal's signal).
  let stopping = false;
  const starting = new AbortController();
  const signalled = new Promise<void>((resolve) => {
    const stop = () => {
      if (!stopping) resolve();
      stopping = true;
      starting.abort();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  let stack: ClusterStack;
  try {
    stack = await startClusterStack({ signal: starting.signal });
  } catch (error) {
    if (!starting.signal.aborted) throw error;
    console.log('\nStopped while starting.');
    return;
  }
  if (!stopping) {
    printCluster(stack);
    // A child that dies leaves the stack short of it: say so (the proxy sends requests to the replicas still up).
    const services = Object.values(stack.temporal.services).map((child) => ({ child }));
    for (const { child } of [...stack.workers, ...stack.api.replicas, ...services])
      void child.exited.then((code) => !stopping && console.error(`${child.name} exited (${code})`));
  }
  await signalled;
  console.log('\nStopping: proxies and API replicas, workers, Web UI, Temporal services, mail catcher, Redis…');
  await stack.stop();
  console.log('Stopped.');
}

function printCluster(stack: ClusterStack): void {
  const { config, versions } = stack;
  const replicas = (environment: 'production' | 'sandbox') =>
    stack.api.replicas
      .filter((replica) => replica.environment === environment)
      .map((replica) => `:${replica.port}`)
      .join(', ');
  console.log(
    [
      '',
      'Bursar is running (cluster):',
      `  API (production)  ${config.publicUrls.production}/v1   → replicas ${replicas('production')}`,
      `  API (sandbox)     ${config.publicUrls.sandbox}/v1   → replicas ${replicas('sandbox')}`,
      `  Workers           ${stack.workers.length} processes (pids ${stack.workers.map((w) => w.child.process.pid).join(', ')})`,
      `  Temporal          ${stack.temporalAddress}   server ${versions.server} (frontend, history, matching, worker: one process each), ${stack.numHistoryShards} history shards, PostgreSQL; namespaces ${Object.values(config.namespaces).join(', ')}`,
      `  Temporal Web UI   ${stack.temporalUiUrl}   ui-server ${versions.ui}`,
      `  Schema tool       temporal-sql-tool ${versions.sqlTool}`,
      `  Redis             ${stack.redisUrl}   (rate-limit counters shared by the replicas)`,
      ...(stack.mailCatcherUrl ? [`  Mail catcher      ${stack.mailCatcherUrl}`] : []),
      `  Logs              ${stack.logDir}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}
