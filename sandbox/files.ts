import {
  closeSync,
  createReadStream,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

// PDFs live on disk beside the database. Writes go to a temporary name, are fsynced and
// renamed, so a file referenced by a committed row is always complete. Every file is
// created 0600 (a rename keeps the mode): documents are the owner's alone, whatever the umask.
export const FILE_MODE = 0o600;
export class FileStore {
  constructor(private readonly dir: string) {}

  path(name: string): string {
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error('bad file name');
    return join(this.dir, name);
  }

  tempPath(): string {
    return join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
  }

  write(name: string, bytes: Uint8Array): void {
    const tmp = this.tempPath();
    const fd = openSync(tmp, 'w', FILE_MODE);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path(name));
  }

  /** Moves an already-written temporary file into place. */
  adopt(tmp: string, name: string): void {
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path(name));
  }

  read(name: string): Buffer {
    return readFileSync(this.path(name));
  }

  stream(name: string) {
    return createReadStream(this.path(name));
  }

  size(name: string): number {
    return statSync(this.path(name)).size;
  }

  exists(name: string): boolean {
    try {
      statSync(this.path(name));
      return true;
    } catch {
      return false;
    }
  }

  list(): string[] {
    return readdirSync(this.dir);
  }

  remove(pathOrName: string): void {
    rmSync(pathOrName.includes('/') ? pathOrName : this.path(pathOrName), { force: true });
  }
}
