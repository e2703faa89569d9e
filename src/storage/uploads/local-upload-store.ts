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
}
