/**
 * Runs async work over a list with at most `limit` calls in flight. Results
 * keep the input order. `shouldStop` is consulted before each new call starts:
 * once it says stop, nothing more is started, the calls in flight finish, and
 * the items never started come back as `undefined`.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<Array<R | undefined>> {
  const results = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !shouldStop()) {
      const index = next++;
      results[index] = await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
