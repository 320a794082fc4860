// Prints the run's totals as one plain line ("jest: N passed, N failed") after Jest's own summary, and the 10 slowest
// test files before it.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (files.length > 1) console.log(`slowest test files:\n${files.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.path}`).join('\n')}`);
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(`jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
module.exports = SummaryReporter;
