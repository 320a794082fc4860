// The Temporal cluster's binaries, built once by scripts/temporal-cluster-tools.sh (`./run start --cluster` runs it and
// passes the paths on; from code, the script is run here, which builds them when missing).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export interface ClusterTools {
  server: string;
  sqlTool: string;
  /** The server module's schema/postgresql/v12 directory (temporal/versioned, visibility/versioned). */
  schemaDir: string;
  uiServer: string;
}

const SCRIPT = resolve(__dirname, '../../../scripts/temporal-cluster-tools.sh');
const KEYS = ['TEMPORAL_SERVER_PATH', 'TEMPORAL_SQL_TOOL_PATH', 'TEMPORAL_SCHEMA_DIR', 'TEMPORAL_UI_SERVER_PATH'];

export function clusterTools(env: NodeJS.ProcessEnv = process.env): ClusterTools {
  const paths: NodeJS.ProcessEnv = KEYS.every((key) => env[key]) ? env : scriptOutput();
  return {
    server: paths.TEMPORAL_SERVER_PATH!,
    sqlTool: paths.TEMPORAL_SQL_TOOL_PATH!,
    schemaDir: paths.TEMPORAL_SCHEMA_DIR!,
    uiServer: paths.TEMPORAL_UI_SERVER_PATH!,
  };
}

function scriptOutput(): NodeJS.ProcessEnv {
  const output = execFileSync(SCRIPT, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = output.split('\n').filter((line) => line.includes('='));
  const paths = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const missing = KEYS.filter((key) => !paths[key]);
  if (missing.length) throw new Error(`${SCRIPT} did not print ${missing.join(', ')}`);
  return paths;
}

/** `temporal-server --version` and the like print "<name> version 1.29.1": the last word. */
export function versionOf(binary: string): string {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().split(/\s+/).at(-1) ?? 'unknown';
}
