// Jest's order, except that the client-compatibility suite comes last: it judges what every other file recorded (and waits
// for the files still running on the other worker).
const Sequencer = require('@jest/test-sequencer').default;

class LastCompatSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const isCompat = (test) => test.path.includes('/test/compat/');
    return [...sorted.filter((test) => !isCompat(test)), ...sorted.filter(isCompat)];
  }
}

module.exports = LastCompatSequencer;
