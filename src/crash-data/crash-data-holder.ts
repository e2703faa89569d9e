// The crash data this process answers from, reloaded when the store's data version changes (a
// `roadrisk crashes import` or `data build` run by another process). Each process keeps its own
// in-memory index; the version check is one small query per interval.
import type { CrashesRepository } from '../storage/repositories/crashes.ts';
import { dataVersionOf, loadCrashData, type CrashData } from './crash-data.ts';

export class CrashDataHolder {
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<boolean> | null = null;
  private readonly listeners: ((data: CrashData) => void)[] = [];

  constructor(
    private readonly repository: CrashesRepository,
    private readonly dataDir: string,
    public current: CrashData | null,
    private readonly log: (message: string) => void = () => {},
  ) {}

  get version(): string | null {
    return this.current?.version ?? null;
  }

  /** Called with the new data after each reload (e.g. to rebuild what is derived from it). */
  onReload(listener: (data: CrashData) => void): void {
    this.listeners.push(listener);
  }

  /** Loads the stored data if its version differs from the one in memory. */
  reloadIfChanged(): Promise<boolean> {
    this.reloading ??= (async () => {
      try {
        const version = dataVersionOf(await this.repository.sources());
        if (version === this.current?.version) return false;
        const data = await loadCrashData(this.repository, this.dataDir, this.log);
        if (!data) return false;
        this.current = data;
        this.log(`crash data reloaded: version ${data.version}`);
        for (const listener of this.listeners) listener(data);
        return true;
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  watch(intervalMs = 60_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.reloadIfChanged().catch((e) => this.log(`crash data reload failed: ${String(e)}`)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
