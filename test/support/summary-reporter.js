// Prints the run's totals as one plain line ("jest: N passed, N failed") after Jest's own summary, and the 10 slowest
// test files before it. It also keeps the run's progress in BURSAR_COMPAT_DIR (the number of files, then one line per
// file done), so that the client-compatibility suite, which judges what every other file recorded, can wait for them
// when files run in parallel.
const { appendFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const progress = (file) => process.env.BURSAR_COMPAT_DIR && join(process.env.BURSAR_COMPAT_DIR, file);

class SummaryReporter {
  onRunStart(results) {
    if (!progress('files-total')) return;
    writeFileSync(progress('files-done'), ''); // a directory given from outside may hold an earlier run's
    writeFileSync(progress('files-total'), String(results.numTotalTestSuites));
  }

  onTestFileResult(test) {
    if (progress('files-done')) appendFileSync(progress('files-done'), `${test.path}\n`);
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({
        path: file.testFilePath.replace(`${process.cwd()}/`, ''),
        seconds: (file.perfStats.end - file.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (files.length > 1)
      console.log(
        `slowest test files:\n${files.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.path}`).join('\n')}`,
      );
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
    );
  }
}
module.exports = SummaryReporter;
