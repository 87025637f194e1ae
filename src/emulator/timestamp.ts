/** ISO 8601 without milliseconds, as the seed writes timestamps. */
export function timestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, "Z");
}
