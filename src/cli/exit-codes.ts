/** toolkit.md, Exit codes. */
export const EXIT = {
  ok: 0,
  findings: 1,
  usage: 2,
  conflict: 3,
  remote: 4,
  changesPending: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
