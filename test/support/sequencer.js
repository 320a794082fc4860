// Jest's order, except that the client-compatibility suite runs last: it judges what every file before it recorded.
const Sequencer = require('@jest/test-sequencer').default;

class LastCompatSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const isCompat = (test) => test.path.includes('/test/compat/');
    return [...sorted.filter((test) => !isCompat(test)), ...sorted.filter(isCompat)];
  }
}

module.exports = LastCompatSequencer;
