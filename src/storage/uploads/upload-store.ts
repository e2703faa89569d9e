// Where converted uploads wait for a worker (decisions §7: deleted once the job ends).
// `local`: the data dir's folder, for one machine. `database`: chunks in the shared store, so a
// worker on any machine can read an upload accepted by any API process. The job row keeps a
// reference: an absolute folder path (local) or `db:<job id>` (database).
export interface UploadStore {
  /** Makes a converted upload in `localDir` available to every worker; returns the reference to keep. */
  publish(jobId: string, localDir: string): Promise<string>;
  /** A local folder holding the upload, fetched if needed. */
  open(reference: string): Promise<string>;
  /** Deletes the upload and any local copy. */
  remove(reference: string): Promise<void>;
  /** Deletes only this process's local copy: the upload stays for the worker that holds the job now. */
  release(reference: string): Promise<void>;
}
