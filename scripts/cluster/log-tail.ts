/** The last lines of a log file, for error reports. */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const MAX_BYTES = 64 * 1024;

export function logTail(file: string, lines = 30): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return `(no log at ${file})`;
  }
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, MAX_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString("utf8").trimEnd();
    return text.split("\n").slice(-lines).join("\n");
  } finally {
    closeSync(fd);
  }
}
