// The coverage ledger is the record of what the golden grid expects: a change to an expected value (the calculator
// or a scenario) changes a block's digest, and this test fails until `./run grid` writes the ledger anew — so the
// commit that changes an expected value carries the ledger that names it.
import { readFileSync } from 'node:fs';
import { cellId } from '../golden/axes';
import { allCells, exclusionOf, REGRESSIONS } from '../golden/grid';
import { expectedDigests, LEDGER_PATH } from '../golden/ledger';

test("the ledger's digests are those of the calculator's expected values today", () => {
  const ledger = readFileSync(LEDGER_PATH, 'utf8');
  for (const [block, digest] of Object.entries(expectedDigests(allCells())))
    expect(ledger).toMatch(new RegExp(`^\\| ${block} \\|.*\\| \`${digest}\` \\|$`, 'm'));
});

test('every cell that found a bug is a runnable cell of the grid (the sample always runs them)', () => {
  const runnable = new Set(
    allCells()
      .filter((cell) => !exclusionOf(cell))
      .map(cellId),
  );
  expect(Object.keys(REGRESSIONS).filter((id) => !runnable.has(id))).toEqual([]);
});
