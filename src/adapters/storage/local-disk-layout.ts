// Where local disk storage keeps objects and uploads under an environment's root, and how a missing upload is
// answered (like S3's NoSuchUpload).
import { resolve } from 'node:path';
import { StorageRejected } from './file-storage';

const SAFE_KEY = /^[\w./-]+$/;

export function objectPath(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new StorageRejected('Invalid object key', 'not-found');
  return resolve(root, 'objects', key);
}

export function uploadDir(root: string, uploadId: string): string {
  if (!/^[\w-]+$/.test(uploadId)) throw new StorageRejected('Invalid upload id');
  return resolve(root, 'uploads', uploadId);
}

export const noSuchUpload = () => new StorageRejected('No such upload: it was completed or abandoned', 'not-found');

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
