// The JSON lines this process logs, collected instead of written (the process's logger is put back on `restore`).
import { createLogger, useLogger, type LogLevel } from '../../src/platform/logging/logger';

export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export interface CapturedLogs {
  lines: LogLine[];
  /** Everything written, as written. */
  text(): string;
  restore(): void;
}

export function captureLogs(level: LogLevel = 'debug', onLine?: (line: LogLine) => void): CapturedLogs {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const destination = {
    write(chunk: string) {
      const line = JSON.parse(chunk) as LogLine;
      raw.push(chunk);
      lines.push(line);
      onLine?.(line);
    },
  };
  const previous = useLogger(createLogger({ service: 'test', level, destination }));
  return { lines, text: () => raw.join(''), restore: () => void useLogger(previous) };
}
