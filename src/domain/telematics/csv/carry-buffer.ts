// The unfinished row kept between chunks. It grows by doubling, so a long row arriving in many
// small chunks costs linear copying, not quadratic (its size is capped by maxRowBytes anyway).
export class CarryBuffer {
  private buffer = new Uint8Array(4096);
  length = 0;

  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  append(bytes: Uint8Array): void {
    const needed = this.length + bytes.length;
    if (needed > this.buffer.length) {
      const bigger = new Uint8Array(Math.max(needed, this.buffer.length * 2));
      bigger.set(this.buffer.subarray(0, this.length));
      this.buffer = bigger;
    }
    this.buffer.set(bytes, this.length);
    this.length = needed;
  }

  /** Keeps a copy of `bytes`, which may be a view of this buffer itself. */
  replace(bytes: Uint8Array): void {
    if (bytes.length > this.buffer.length) this.buffer = new Uint8Array(bytes.length);
    this.buffer.set(bytes); // TypedArray#set copies correctly even when the ranges overlap
    this.length = bytes.length;
  }
}
