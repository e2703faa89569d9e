// A small cache of window models: building one reads the crash index for every reference point
// (about 1 s for the full reference), and nearly every request shares the current window.
// Least recently used out beyond MAX_CACHED (backtests at many effective dates).
import type { DataWindow } from './data-window.ts';
import type { GaragingInputs } from './inputs.ts';
import { buildWindowModel, windowModelKey, type WindowModel } from './window-model.ts';

export const MAX_CACHED = 8;

export class WindowModels {
  private readonly cache = new Map<string, WindowModel>();
  /** (national window, last day) → model key; computing the key reads every refinement layer. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly inputs: GaragingInputs) {}

  get(window: DataWindow, lastDay: number): WindowModel {
    const request = `${window.key}@${lastDay}`;
    let key = this.keys.get(request);
    if (key === undefined) {
      key = windowModelKey(this.inputs, window, lastDay);
      if (this.keys.size >= 1024) this.keys.clear();
      this.keys.set(request, key);
    }
    let model = this.cache.get(key);
    if (model) {
      this.cache.delete(key); // re-insert: most recently used last
    } else {
      model = buildWindowModel(this.inputs, window, lastDay);
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, model);
    return model;
  }

  get size(): number {
    return this.cache.size;
  }
}
