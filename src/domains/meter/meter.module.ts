// The meter module: its tables, the events store and the meters read from it, customer meters, and their routes.
import { postgresEventStore } from '../../adapters/events/postgres-event-store';
import type { EventStore } from '../../adapters/events/event-store';
import { migrations, provide, routes, type Module } from '../../platform/module';
import { MeterSchema } from './meter.entity';
import { CustomerMeterSchema, MeterCreditSchema } from './customer-meter.entity';
import { liveMeterDefinitions } from './meter.reads';
import { MeterService } from './meter.service';
import { MeterRollupService } from './meter-rollup.service';
import { MeterQuantityService } from './meter-quantity.service';
import { CustomerMeterService } from './customer-meter.service';
import { CustomerMeterQueries } from './customer-meter.queries';
import { EventIngestService } from './event/event-ingest.service';
import { EventQueryService } from './event/event-query.service';
import { SignalService } from './event/signal.service';
import { meterRoutes } from './meter.routes';
import { customerMeterRoutes } from './customer-meter.routes';
import { eventRoutes } from './event/event.routes';
import { Migration20261126000000_usage_events } from './migrations/Migration20261126000000_usage_events';

export const meterModule: Module = {
  name: 'meter',
  entities: [MeterSchema, CustomerMeterSchema, MeterCreditSchema],
  migrations: migrations(Migration20261126000000_usage_events),
  provides: [
    provide('events', ['config'], ({ config }) =>
      postgresEventStore({ liveMeters: liveMeterDefinitions, rollupReads: config.EVENT_ROLLUPS === 'on' }),
    ),
    provide(
      'meters',
      ['clock', 'outbox', 'events'],
      ({ events, ...s }) => new MeterService({ ...s, rollups: events.rollups }),
    ),
    provide(
      'meterRollups',
      ['orm', 'clock', 'events'],
      ({ events, ...s }) => new MeterRollupService({ ...s, rollups: events.rollups }),
    ),
    provide('meterQuantities', ['events', 'customers'], ({ events, customers }) => {
      return new MeterQuantityService({
        quantities: events.quantities,
        customers: customers.identities.bind(customers),
      });
    }),
    provide('customerMeterUsage', ['events'], ({ events }) => new CustomerMeterService(events.usage)),
    provide(
      'customerMeters',
      ['customerMeterUsage', 'customerReads'],
      (s) => new CustomerMeterQueries({ customerMeters: s.customerMeterUsage, customers: s.customerReads }),
    ),
    provide(
      'eventIngest',
      ['events', 'clock', 'customers', 'testClockQueries', 'businessMetrics'],
      ({ events, testClockQueries, businessMetrics, ...s }) =>
        new EventIngestService({ ...s, store: events, testClocks: testClockQueries, metrics: businessMetrics }),
    ),
    provide(
      'eventQueries',
      ['events', 'clock', 'meters', 'customers'],
      ({ events, ...s }) => new EventQueryService({ ...s, reader: events.reader }),
    ),
    provide('signals', ['eventIngest'], ({ eventIngest }) => new SignalService(eventIngest)),
  ],
  routes: routes(['meters', 'meterQuantities', 'customerMeters', 'eventIngest', 'eventQueries', 'signals'], (s) => [
    ...meterRoutes({ meters: s.meters, quantities: s.meterQuantities }),
    ...customerMeterRoutes({ customerMeters: s.customerMeters }),
    ...eventRoutes({ ingest: s.eventIngest, queries: s.eventQueries, signals: s.signals }),
  ]),
};

declare module '../../platform/module' {
  interface Services {
    events: EventStore;
    meters: MeterService;
    meterRollups: MeterRollupService;
    meterQuantities: MeterQuantityService;
    customerMeterUsage: CustomerMeterService;
    customerMeters: CustomerMeterQueries;
    eventIngest: EventIngestService;
    eventQueries: EventQueryService;
    signals: SignalService;
  }
}
