export { MeterService } from './meter.service';
export { MeterRollupService } from './meter-rollup.service';
export { meterOutput } from './meter.output';
export type { Meter } from './meter.entity';
export { creditMeter, creditCount } from './meter-credit';
export { outstandingCredit } from './meter-credit-ledger';
export { CustomerMeterQueries } from './customer-meter.queries';
export { CustomerMeterService } from './customer-meter.service';
export { meterModule } from './meter.module';
