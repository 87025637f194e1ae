/** "1 file", "2 files", "0 entries": a count with its noun as English wants it. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
