// The timeline module: the read model of every customer's billing facts, fed by the webhook events, the payments and
// the plan change previews, and its routes for the organization and the portal.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261204000000_timeline } from './migrations/Migration20261204000000_timeline';
import { paymentEntries } from './payment-entries';
import { previewEntries } from './preview-entries';
import { TimelineRecorder } from './record-timeline';
import { timelineRoutes } from './timeline.routes';
import { TimelineService } from './timeline.service';

export const timelineModule: Module = {
  name: 'timeline',
  migrations: migrations(Migration20261204000000_timeline),
  provides: [
    provide('timelineRecorder', ['orm', 'outbox', 'clock'], ({ orm, outbox, clock }) => {
      const recorder = new TimelineRecorder(orm, clock);
      outbox.listen(recorder.listener);
      return recorder;
    }),
    provide(
      'timeline',
      ['customers', 'subscriptionQueries', 'flows', 'config', 'environment'],
      ({ config, environment, ...s }) =>
        new TimelineService({
          ...s,
          workflowsUrl: `${config.temporalUiUrl}/namespaces/${config.namespaces[environment]}/workflows`,
        }),
    ),
  ],
  contributes: [
    contribute('paymentFollowers', ['timelineRecorder'], (s) => paymentEntries(s.timelineRecorder)),
    contribute('changePreviewFollowers', ['orm', 'timelineRecorder'], ({ orm, timelineRecorder }) =>
      previewEntries(orm, timelineRecorder),
    ),
  ],
  routes: routes(['timeline'], ({ timeline }) => timelineRoutes(timeline)),
};

declare module '../../platform/module' {
  interface Services {
    timelineRecorder: TimelineRecorder;
    timeline: TimelineService;
  }
}
