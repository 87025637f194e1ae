/**
 * For the long-running commands whose live data stays small while they
 * allocate a great deal (`lsp --stdio`, `catalog sync`): V8 sizes the heap
 * from the allocation rate, and lets it grow past what a full collection
 * left live by up to 4 times by default, so garbage that only a full
 * collection frees piles up as resident memory. At 20% it is collected
 * sooner; this bounds nothing (the heap may still grow as far as live data
 * needs), it only collects earlier.
 *
 * - `lsp`: each keystroke re-runs the checks over every file, and what they
 *   build for 5,000 files goes straight into the old generation; under the
 *   default, memory rose 100 MiB over 500 keystrokes in a repository of 1,250
 *   environments while what was live stayed flat; at 20% within a few MiB.
 * - `catalog sync`: pages, parsed pages and canonical lines die young but ten
 *   times the pages is ten times the promotion; live data stays under 10 MB.
 *
 * Figures: BENCHMARKS.md (`screenpol lsp`; "Bounded sync at scale").
 */
import { setFlagsFromString } from "node:v8";

const HEAP_GROWING_PERCENT = 20;

let set = false;

/**
 * Once per process, and only once the allocating work begins: set at the
 * start of `catalog sync`, the flag made an unchanged sync (one 304, start-up
 * and nothing else) 54 ms slower, collecting while the heap was still small.
 */
export function growHeapSlowly(): void {
  if (set) return;
  set = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
