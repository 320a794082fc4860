// Local-disk storage used to keep both environments' objects in one folder, DATA_DIR/files/objects. Object keys name
// their environment (`private/<environment>/…`), so each environment moves its own into its folder at start-up.
import { mkdirSync, readdirSync, renameSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Moves `environment`'s objects from the shared folder `filesDir` into the environment's own `root`. */
export function adoptLegacyObjects(filesDir: string, environment: string, root: string): void {
  for (const visibility of ['public', 'private']) {
    moveMerging(join(filesDir, 'objects', visibility, environment), join(root, 'objects', visibility, environment));
  }
}

/** Moves a tree, merging into what is there (what is there wins); another process moving it at once is harmless. */
function moveMerging(from: string, to: string): void {
  const source = statSync(from, { throwIfNoEntry: false });
  const target = statSync(to, { throwIfNoEntry: false });
  if (!source) return;
  if (!target) {
    mkdirSync(dirname(to), { recursive: true });
    try {
      return renameSync(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  }
  if (!source.isDirectory() || (target && !target.isDirectory())) return;
  for (const entry of readdirSync(from)) moveMerging(join(from, entry), join(to, entry));
  // Left behind only when it still holds files that exist in both places.
  if (readdirSync(from).length === 0) rmdirSync(from);
}
