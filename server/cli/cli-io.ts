/** Where a command writes; the scripts pass process streams, tests pass collectors. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}
