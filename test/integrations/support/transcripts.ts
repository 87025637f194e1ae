/**
 * Runnable examples in the docs. A transcript is a ```console block right after a
 * `<!-- transcript -->` line (or `<!-- transcript: emulator -->`): `$ ` lines are
 * commands, the lines after each are its standard output, exactly. A trailing
 * `# exits N` on a command states its exit code (0 otherwise). What a reader
 * copies from README.md is what the test suite ran.
 */
import { readFileSync } from "node:fs";

export interface TranscriptCommand {
  /** The shell command as shown, without the `$ ` prompt. */
  command: string;
  expectedExit: number;
  /** Expected standard output lines, trailing spaces trimmed. */
  output: string[];
}

export interface Transcript {
  /** `README.md:120`: where the block starts, for the test's name. */
  where: string;
  emulator: boolean;
  commands: TranscriptCommand[];
}

const MARKER = /^<!-- transcript(?::\s*(emulator))? -->\s*$/;
const EXIT_COMMENT = /\s+#\s*exits\s+(\d+)\s*$/;

export function readTranscripts(path: string, name: string): Transcript[] {
  const lines = readFileSync(path, "utf8").split("\n");
  const transcripts: Transcript[] = [];
  for (let index = 0; index < lines.length; index++) {
    const marker = MARKER.exec(lines[index]!);
    if (!marker) continue;
    const fence = lines[index + 1];
    if (fence === undefined || !/^```console\s*$/.test(fence)) throw new Error(`${name}:${index + 1}: a transcript marker must be followed directly by a \`\`\`console block`);
    const commands: TranscriptCommand[] = [];
    let line = index + 2;
    for (; line < lines.length && !/^```\s*$/.test(lines[line]!); line++) {
      const text = lines[line]!;
      if (text.startsWith("$ ")) {
        const exit = EXIT_COMMENT.exec(text);
        commands.push({ command: text.slice(2), expectedExit: exit ? Number(exit[1]) : 0, output: [] });
      } else if (commands.length === 0) {
        throw new Error(`${name}:${line + 1}: a transcript starts with a \`$ \` command`);
      } else {
        commands.at(-1)!.output.push(text.trimEnd());
      }
    }
    if (line >= lines.length) throw new Error(`${name}:${index + 2}: the transcript's block is never closed`);
    // A blank line before the next prompt is layout, not output.
    for (const command of commands) while (command.output.at(-1) === "") command.output.pop();
    transcripts.push({ where: `${name}:${index + 2}`, emulator: marker[1] === "emulator", commands });
    index = line;
  }
  return transcripts;
}

/** A command's standard output as a transcript shows it: lines with trailing spaces trimmed, no final empty line. */
export function outputLines(stdout: string): string[] {
  const lines = stdout.split("\n").map((line) => line.trimEnd());
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
