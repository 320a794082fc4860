export { MeterService } from './meter.service';
export { meterOutput } from './meter.output';
export { meterRoutes } from './meter.routes';
export { Meter } from './meter.entity';
export { creditMeter, creditCount, outstandingCredit, type MeterCreditEntry } from './meter-credit';
export { CustomerMeterQueries } from './customer-meter.queries';
export { EventIngestService } from './event/event-ingest.service';
export { eventRoutes } from './event/event.routes';
