import { rm } from 'node:fs/promises';
import type { UploadStore } from './upload-store.ts';

export class LocalUploadStore implements UploadStore {
  async publish(_jobId: string, localDir: string): Promise<string> {
    return localDir;
  }

  async open(reference: string): Promise<string> {
    return reference;
  }

  async remove(reference: string): Promise<void> {
    await rm(reference, { recursive: true, force: true });
  }

  /** The folder is the upload itself, shared by every worker on this machine: nothing to drop. */
  async release(_reference: string): Promise<void> {}
}
