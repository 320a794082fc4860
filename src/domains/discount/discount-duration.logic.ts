// Pure rule of how many billing periods a discount lasts: once, forever, or a number of months.
import { addMonths } from '../../kernel/calendar';

/** Whether a discount still applies to a billing period starting at `periodStart`, given when it first applied (`appliedAt`):
 *  once → only while periodStart <= appliedAt; forever → always; repeating (durationInMonths N) → while periodStart <= appliedAt + (N − 1) calendar months. */
export function discountApplies(
  discount: { duration: 'once' | 'forever' | 'repeating'; durationInMonths: number | null },
  appliedAt: Date,
  periodStart: Date,
): boolean {
  switch (discount.duration) {
    case 'forever':
      return true;
    case 'once':
      return periodStart.getTime() <= appliedAt.getTime();
    case 'repeating': {
      // A repeating discount without a (positive) month count is invalid data; it gets the period it applied to, like once.
      const months = Math.max(discount.durationInMonths ?? 1, 1);
      return periodStart.getTime() <= addMonths(appliedAt, months - 1).getTime();
    }
  }
}
