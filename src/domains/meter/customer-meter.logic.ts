// Rules of customer meters that need no database: the balance, and what rolls over when a billed period resets them.
import { billableUnits } from '../../kernel/money';

/** Credited less consumed units (consumed may be fractional). */
export const meterBalance = (credited: number, consumed: string): number => credited - Number(consumed);

/**
 * What a reset carries into the next period: the whole units left of the balance, at most what rollover credits gave
 * (`rolloverUnits`), never below 0. `rolloverCarry(100, "30.5", 80)` → 69.
 */
export function rolloverCarry(credited: number, consumed: string, rolloverUnits: number): number {
  if (billableUnits(consumed, credited) !== '0') return 0; // consumed at least all the credits
  const whole = consumed.startsWith('-') ? 0 : Number(consumed.split('.')[0]);
  const fractional = /\.\d*[1-9]/.test(consumed) ? 1 : 0;
  const left = Math.max(0, credited - whole - fractional);
  return Math.max(0, Math.min(left, rolloverUnits));
}
