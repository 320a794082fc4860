export { MeterService, meterOutput } from './meter.service';
export { meterRoutes } from './meter.routes';
export { Meter } from './meter.entity';
