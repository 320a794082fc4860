// Pure rules of files: how declared parts must cover the file, object keys, readable sizes.
import type { ValidationIssue } from '../../kernel/errors';

export interface PartDeclaration {
  number: number;
  chunk_start: number;
  chunk_end: number;
}

/** Parts are numbered 1…N in order and cover [0, size) without gap or overlap (`chunk_end` is exclusive). */
export function partIssues(parts: readonly PartDeclaration[], size: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let expectedStart = 0;
  parts.forEach((part, i) => {
    const loc = ['body', 'upload', 'parts', i];
    if (part.number !== i + 1)
      issues.push({ loc: [...loc, 'number'], msg: `Expected part number ${i + 1}`, type: 'value_error' });
    if (part.chunk_start !== expectedStart)
      issues.push({ loc: [...loc, 'chunk_start'], msg: `Expected chunk_start ${expectedStart}`, type: 'value_error' });
    if (part.chunk_end <= part.chunk_start)
      issues.push({ loc: [...loc, 'chunk_end'], msg: 'chunk_end must be after chunk_start', type: 'value_error' });
    expectedStart = part.chunk_end;
  });
  if (expectedStart !== size) {
    issues.push({
      loc: ['body', 'upload', 'parts'],
      msg: `Parts cover ${expectedStart} bytes but the file has ${size}`,
      type: 'value_error',
    });
  }
  return issues;
}

/** Keys never contain the user's file name unescaped; public objects sit under `public/`. */
export function objectKey(
  isPublic: boolean,
  environment: string,
  organizationId: string,
  fileId: string,
  name: string,
): string {
  const safe =
    name
      .replace(/[^\w.-]+/g, '_')
      .replace(/\.{2,}/g, '.')
      .replace(/^\./, '_')
      .slice(0, 100) || 'file';
  return `${isPublic ? 'public' : 'private'}/${environment}/${organizationId}/${fileId}/${safe}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB" (powers of 1024, one decimal below 10 units). */
export function readableSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit]}`;
}
