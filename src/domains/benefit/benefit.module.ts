// The benefit module: its tables; benefits, their grants, downloadables and license keys; and their routes. Orders,
// subscriptions and the seats of either grant benefits: they provide the readers this module declares
// (`orderGrantSource`…), since they call this domain and it cannot call them.
import { migrations, provide, contribute, routes, type Module } from '../../platform/module';
import { BenefitSchema } from './benefit.entity';
import { BenefitGrantSchema } from './grant/benefit-grant.entity';
import {
  LicenseKeyActivationSchema,
  LicenseKeySchema,
  LicenseSigningKeySchema,
} from './license-key/license-key.entity';
import { DownloadableSchema } from './downloadable/downloadable.entity';
import { BenefitQueries } from './benefit.queries';
import { BenefitService } from './benefit.service';
import type { GrantSourceReader, GrantSources, SeatGrantSourceReader } from './grant/grant-source';
import { GrantRequests } from './grant/grant-requests';
import { GrantEffects } from './grant/grant-effects';
import { BenefitGrantService } from './grant/benefit-grant.service';
import { BenefitGrantQueries } from './grant/benefit-grant.queries';
import { DownloadableService } from './downloadable/downloadable.service';
import { LicenseKeyService } from './license-key/license-key.service';
import type { LicenseKeySourceReader } from './license-key/license-key-outputs';
import { LicenseTokenService } from './license-key/license-token.service';
import { benefitRoutes } from './benefit.routes';
import { benefitGrantRoutes } from './grant/benefit-grant.routes';
import { licenseTokenRoutes } from './license-key/license-token.routes';
import { licenseKeyRoutes } from './license-key/license-key.routes';
import { Migration20261124000000_benefit_grants } from './migrations/Migration20261124000000_benefit_grants';
import { Migration20261201400300_download_counts } from './migrations/Migration20261201400300_download_counts';
import { Migration20261202300000_seat_grants } from './migrations/Migration20261202300000_seat_grants';

export const benefitModule: Module = {
  name: 'benefit',
  entities: [
    BenefitSchema,
    BenefitGrantSchema,
    LicenseKeySchema,
    LicenseKeyActivationSchema,
    LicenseSigningKeySchema,
    DownloadableSchema,
  ],
  migrations: migrations(
    Migration20261124000000_benefit_grants,
    Migration20261201400300_download_counts,
    Migration20261202300000_seat_grants,
  ),
  provides: [
    provide('benefitQueries', [], () => new BenefitQueries()),
    provide(
      'grantSources',
      ['orderGrantSource', 'subscriptionGrantSource', 'seatGrantSource', 'productBenefitIds'],
      (s) => ({
        order: s.orderGrantSource,
        subscription: s.subscriptionGrantSource,
        seat: s.seatGrantSource,
        productBenefitIds: s.productBenefitIds,
      }),
    ),
    provide('grantRequests', ['orm', 'outbox', 'grantSources'], ({ grantSources, ...s }) => {
      return new GrantRequests({ ...s, sources: grantSources });
    }),
    provide(
      'benefits',
      ['clock', 'outbox', 'meters', 'fileQueries', 'products', 'grantRequests'],
      ({ fileQueries, grantRequests, ...s }) => new BenefitService({ ...s, files: fileQueries, grants: grantRequests }),
    ),
    provide(
      'downloads',
      ['clock', 'files', 'fileQueries', 'config', 'environment', 'publicUrl'],
      ({ config, ...s }) => {
        const { BURSAR_SECRET: serverSecret, FILE_URL_TTL_SECONDS: linkTtlSeconds } = config;
        return new DownloadableService({ ...s, serverSecret, linkTtlSeconds });
      },
    ),
    provide('grantQueries', ['downloads'], ({ downloads }) => new BenefitGrantQueries(downloads)),
    provide(
      'grants',
      ['orm', 'clock', 'outbox', 'downloads', 'grantSources', 'customerStates'],
      ({ downloads, grantSources, customerStates, ...s }) =>
        new BenefitGrantService({
          ...s,
          effects: new GrantEffects(downloads),
          sources: grantSources,
          state: customerStates,
        }),
    ),
    provide('licenseTokens', ['clock', 'config'], ({ clock, config }) => {
      const { BURSAR_SECRET: serverSecret, LICENSE_TOKEN_TTL_SECONDS: ttlSeconds } = config;
      return new LicenseTokenService({ clock, serverSecret, ttlSeconds });
    }),
    provide(
      'licenseKeys',
      ['clock', 'customers', 'orderOfLicenseKey', 'subscriptionOfLicenseKey', 'outbox', 'customerStates'],
      ({ clock, customers, outbox, customerStates, ...s }) =>
        new LicenseKeyService({
          clock,
          customers,
          outbox,
          state: customerStates,
          sources: { order: s.orderOfLicenseKey, subscription: s.subscriptionOfLicenseKey },
        }),
    ),
  ],
  contributes: [contribute('fileUsers', ['benefitQueries'], ({ benefitQueries }) => benefitQueries)],
  routes: routes(['benefits', 'grantQueries', 'downloads', 'licenseTokens', 'licenseKeys', 'fileQueries'], (s) => [
    ...benefitRoutes(s),
    ...benefitGrantRoutes({ grants: s.grantQueries, downloads: s.downloads }),
    ...licenseTokenRoutes({ tokens: s.licenseTokens }),
    ...licenseKeyRoutes(s),
  ]),
};

declare module '../../platform/module' {
  interface Services {
    benefitQueries: BenefitQueries;
    grantSources: GrantSources;
    /** Asks for grants to be synced (outbox starts): what every domain that grants or revokes is given. */
    grantRequests: GrantRequests;
    benefits: BenefitService;
    downloads: DownloadableService;
    grantQueries: BenefitGrantQueries;
    /** Syncs a grant with its source (the grant workflow's activities). */
    grants: BenefitGrantService;
    licenseTokens: LicenseTokenService;
    licenseKeys: LicenseKeyService;
    /** Ports the order, subscription and seat modules provide. */
    orderGrantSource: GrantSourceReader;
    subscriptionGrantSource: GrantSourceReader;
    seatGrantSource: SeatGrantSourceReader;
    orderOfLicenseKey: LicenseKeySourceReader['order'];
    subscriptionOfLicenseKey: LicenseKeySourceReader['subscription'];
  }
}
