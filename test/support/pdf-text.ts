import { execFile } from 'node:child_process';

/** The text of a PDF as poppler's `pdftotext -layout` reads it; pages are separated by form feeds. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new Error(
            missing
              ? 'pdftotext is not installed: ./run test installs poppler-utils'
              : `pdftotext failed: ${stderr || error.message}`,
          ),
        );
      },
    );
    child.stdin?.end(pdf);
  });
}
