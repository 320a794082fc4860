// The pages' browser code, bundled by esbuild once per process when the first page is served: one entry point per
// page (checkout, confirmation, portal, pay, dashboard) and one stylesheet, named by their content's hash so they
// can be cached forever.
import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');
const CLIENT = join(ROOT, 'src', 'web', 'client');
const ENTRIES = {
  checkout: join(CLIENT, 'checkout', 'main.tsx'),
  confirmation: join(CLIENT, 'confirmation', 'main.tsx'),
  portal: join(CLIENT, 'portal', 'main.tsx'),
  pay: join(CLIENT, 'pay', 'main.tsx'),
  dashboard: join(CLIENT, 'dashboard', 'main.tsx'),
  styles: join(CLIENT, 'styles.css'),
};
export type PageEntry = Exclude<keyof typeof ENTRIES, 'styles'>;

export interface WebAsset {
  contentType: string;
  body: Uint8Array;
}

export interface WebBundle {
  /** The hashed file name of an entry's script, or of the stylesheet. */
  names: Record<keyof typeof ENTRIES, string>;
  /** Each file by its hashed name. */
  files: Map<string, WebAsset>;
}

let bundle: Promise<WebBundle> | null = null;

/** The bundle of this process (built on first use; a failed build is retried on the next call). */
export function webBundle(): Promise<WebBundle> {
  bundle ??= buildBundle().catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  return bundle;
}

async function buildBundle(): Promise<WebBundle> {
  const result = await build({
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    outdir: '/assets',
    absWorkingDir: ROOT,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const names = {} as WebBundle['names'];
  const files = new Map<string, WebAsset>();
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const entry = Object.entries(ENTRIES).find(
      ([, source]) => output.entryPoint && join(ROOT, output.entryPoint) === source,
    )?.[0];
    if (entry) names[entry as keyof typeof ENTRIES] = name;
  }
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    files.set(name, {
      contentType: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      body: file.contents,
    });
  }
  return { names, files };
}
