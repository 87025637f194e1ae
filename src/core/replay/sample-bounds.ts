/**
 * The bounds of `replay --samples`, apart from the tally so that the program
 * (loaded by every command, `lint` included) does not load the tally and the
 * decision vocabulary to describe one flag.
 */

/** Changed screenings listed by default (`--samples`). */
export const DEFAULT_SAMPLES = 10;
/** A sample list is for reading; more than this is what `--format json` and a script are for. */
export const SAMPLES_RANGE = { min: 0, max: 10_000 } as const;

/** The engines of `replay --engine` (docs/replay.md, "Engines"), here for the same reason: the program names them. */
export const REPLAY_ENGINE_NAMES = ["js", "duckdb", "ray", "spark"] as const;
