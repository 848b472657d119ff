import 'server-only';

import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { getServerEnv } from '@/lib/env';

import { randomToken } from '../security/random-token';

/**
 * `${DATA_DIR}/uploads`: outside `public/` and any served folder, so a stored file is only ever returned by the
 * download route, as an attachment. Names are random with no extension, so nothing maps a name to a handler.
 */
export function uploadsDir(): string {
  return path.resolve(getServerEnv().DATA_DIR, 'uploads');
}

export function storedFilePath(storageName: string): string {
  // Names are ours (randomStorageName), but never let one climb out of the folder.
  if (!/^[A-Za-z0-9_-]+$/.test(storageName)) throw new Error(`Bad storage name: ${storageName}`);
  return path.join(uploadsDir(), storageName);
}

export function randomStorageName(): string {
  return randomToken(24);
}

export async function ensureUploadsDir(): Promise<string> {
  const dir = uploadsDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export async function removeStoredFile(storageName: string): Promise<void> {
  await rm(storedFilePath(storageName), { force: true });
}
