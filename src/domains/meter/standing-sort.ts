// Sorting customer meters' standings in memory the way SQL would (for consumed units and balance, read live).
import type { CustomerMeterSort } from '../../contracts/customer-meter';
import { parseSortCriterion } from '../../kernel/pagination';
import type { Standing } from './customer-meter-standing';

export type Sorting<F extends string> = readonly (F | `-${F}`)[];

export /** Sorts standings by the criteria in order, then by id (what SQL sorting does, for values read live). */
function compareBy<F extends CustomerMeterSort>(sorting: Sorting<F>): (a: Standing, b: Standing) => number {
  const value = (s: Standing, field: CustomerMeterSort): string | number | null => {
    switch (field) {
      case 'consumed_units':
        return s.consumed;
      case 'balance':
        return s.balance;
      case 'credited_units':
        return s.credited;
      case 'created_at':
        return new Date(s.row.created_at).getTime();
      case 'modified_at':
        return s.row.modified_at && new Date(s.row.modified_at).getTime();
      case 'meter_name':
        return s.row.meter_name;
      case 'meter_id':
        return s.row.meter_id;
      case 'customer_name':
        return s.row.customer_name;
      default:
        return s.row.customer_id;
    }
  };
  return (a, b) => {
    for (const criterion of sorting) {
      const { field, direction } = parseSortCriterion(criterion);
      const [x, y] = [value(a, field), value(b, field)];
      if (x === y) continue;
      if (x === null) return 1; // nulls last
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (direction === 'desc' ? -1 : 1);
    }
    return a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0;
  };
}
