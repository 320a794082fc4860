import { EntitySchema, type Opt } from '@mikro-orm/core';

/** One file a downloadables grant gives a customer; a revoked one no longer opens. */
export class Downloadable {
  id!: string;
  organizationId!: string;
  customerId!: string;
  benefitId!: string;
  grantId!: string;
  fileId!: string;
  status!: 'granted' | 'revoked';
  /** Times the customer opened a link to the file. */
  downloadCount: Opt<number> = 0;
  lastDownloadedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const DownloadableSchema = new EntitySchema<Downloadable>({
  class: Downloadable,
  tableName: 'downloadable',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    benefitId: { type: 'uuid' },
    grantId: { type: 'uuid' },
    fileId: { type: 'uuid' },
    status: { type: 'text' },
    downloadCount: { type: 'integer' },
    lastDownloadedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
