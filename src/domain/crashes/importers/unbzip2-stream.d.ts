// unbzip2-stream 1.4 ships no types. It returns a `through` stream: a classic Node stream that
// reads compressed bytes and emits decompressed Buffers.
declare module 'unbzip2-stream' {
  import type { Duplex } from 'node:stream';
  export default function unbzip2Stream(): Duplex;
}
