import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__temporalDevServer?.stop();
  if (globalThis.__mailCatcher) {
    await globalThis.__mailCatcher.catcher.stop();
    rmSync(globalThis.__mailCatcher.dir, { recursive: true, force: true });
  }
  if (globalThis.__workflowBundleDir) rmSync(globalThis.__workflowBundleDir, { recursive: true, force: true });
  if (globalThis.__compatDir) rmSync(globalThis.__compatDir, { recursive: true, force: true });
}
