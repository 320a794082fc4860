// The seat module: its table, seats of seat-based purchases and their flow's steps, the `seat` grant source the
// benefit domain reads, the seat count the subscription domain checks before a decrease, and the routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261202200000_customer_seats } from './migrations/Migration20261202200000_customer_seats';
import { assignedSeats } from './assigned-seats';
import { revokeSeatsOfMember } from './revoke-member-seats';
import type { SeatDeps } from './seat-deps';
import { CustomerSeatSchema } from './seat.entity';
import { seatGrantSource } from './seat-grant-source';
import { seatInvitationEmail } from './seat-invitation.email';
import { seatPortalRoutes } from './seat-portal.routes';
import { seatRoutes } from './seat.routes';
import { SeatService } from './seat.service';
import { seatsOnClock } from './seat-clock';

export const seatModule: Module = {
  name: 'seat',
  entities: [CustomerSeatSchema],
  migrations: migrations(Migration20261202200000_customer_seats),
  provides: [
    provide('seatGrantSource', ['orderGrantSource', 'subscriptionGrantSource'], (s) =>
      seatGrantSource(s.orderGrantSource, s.subscriptionGrantSource),
    ),
    provide('subscriptionAssignedSeats', [], () => assignedSeats),
    provide(
      'seatFlow',
      [
        'orm',
        'clock',
        'outbox',
        'flows',
        'email',
        'config',
        'subscriptions',
        'orders',
        'products',
        'organizations',
        'customerSessions',
        'members',
        'grantRequests',
        'testClockQueries',
        'orderGrantSource',
        'subscriptionGrantSource',
      ],
      ({ config, testClockQueries, orderGrantSource, subscriptionGrantSource, ...s }) => ({
        ...s,
        serverSecret: config.BURSAR_SECRET,
        testClocks: testClockQueries,
        orderSource: orderGrantSource,
        subscriptionSource: subscriptionGrantSource,
      }),
    ),
    provide('seats', ['seatFlow'], ({ seatFlow }) => new SeatService(seatFlow)),
  ],
  contributes: [
    contribute('emailTemplates', [], () => seatInvitationEmail),
    contribute('testClockFollowers', [], () => seatsOnClock),
    contribute('memberFollowers', ['seatFlow'], ({ seatFlow }) => ({ memberDeleted: revokeSeatsOfMember(seatFlow) })),
  ],
  routes: routes(['seats'], (s) => [...seatRoutes(s), ...seatPortalRoutes(s)]),
};

declare module '../../platform/module' {
  interface Services {
    /** What the seat workflow's steps are given. */
    seatFlow: SeatDeps;
    seats: SeatService;
  }
}
