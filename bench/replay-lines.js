/**
 * Writes recorded screenings (JSON lines for a vendorA TRANSACTION policy) to
 * standard output until `bytes` bytes, from a fixed seed, with back-pressure:
 * the input of the replay memory benchmark, never written to disk.
 *
 *     node bench/replay-lines.js <bytes>
 */
import { screeningLines } from "./replay.js";

const limit = Number(process.argv[2]);
const batch = screeningLines(4096, 7).join("\n") + "\n";
let written = 0;
function pump() {
  while (written < limit) {
    written += batch.length;
    if (!process.stdout.write(batch)) return process.stdout.once("drain", pump);
  }
}
pump();
