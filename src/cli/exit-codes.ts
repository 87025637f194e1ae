/** toolkit.md, Exit codes. */
export const EXIT = {
  ok: 0,
  findings: 1,
  usage: 2,
  conflict: 3,
  remote: 4,
  changesPending: 5,
  /** EX_SOFTWARE of sysexits.h: screenpol caught itself about to report something wrong, and reported nothing. */
  internal: 70,
  /** 128 + SIGINT, as shells report it: Ctrl-C ended `screenpol login` before it stored anything (docs/sign-in.md). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
