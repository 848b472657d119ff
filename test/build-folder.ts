import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A build folder (`.next`) in a new temporary directory, as the production server's modules read one: these files
 * under `static/chunks/` and Next's routes manifest. Returns its path; the caller removes it.
 */
export function writeBuildFolder(prefix: string, chunks: Record<string, string>, routesManifest: object): string {
  const distDir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  for (const [file, content] of Object.entries(chunks))
    writeFileSync(path.join(distDir, 'static', 'chunks', file), content);
  writeFileSync(path.join(distDir, 'routes-manifest.json'), JSON.stringify(routesManifest));
  return distDir;
}
