// Organizations: created by the CLI or over the API, read and edited over the API (and by the CLI, through the same
// update), found by id or slug by every domain. Each edit writes organization.updated to the outbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrganizationListQuery } from '../../contracts/organization-list-query';
import type { OrganizationCreate } from '../../contracts/organization-create';
import type { OrganizationUpdate } from '../../contracts/organization-update';
import type { Clock } from '../../kernel/clock';
import { Conflict, ResourceNotFound } from '../../kernel/errors';
import { isUuid } from '../../kernel/ids';
import { pageOffset, paginationOf, parseSortCriterion } from '../../kernel/pagination';
import type { Tx } from '../../platform/database/transaction';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import type { OutboxService } from '../../platform/outbox';
import { Organization } from './organization.entity';
import { organizationOutput } from './organization-own.output';
import { organizationChanges } from './organization-changes';
import { createOrganization, type NewOrganization } from './create-organization';
import { createOwnedOrganization, type OwnedOrganization } from './create-owned-organization';

export class OrganizationService {
  constructor(private readonly deps: { clock: Clock; outbox: OutboxService; secret: string }) {}

  /** A new organization (the CLI's `organization create`, the test harness): `create-organization.ts`. */
  createOrganization(em: EntityManager, input: NewOrganization): Promise<Organization> {
    return createOrganization(this.deps, em, input);
  }

  /** `POST /v1/organizations/`: the owner's new organization and its first token (`create-owned-organization.ts`). */
  createOwned(tx: Tx, caller: AuthenticatedOrganization, body: OrganizationCreate): Promise<OwnedOrganization> {
    return createOwnedOrganization(this.deps, tx, caller, body);
  }

  async findOrganization(em: EntityManager, idOrSlug: string): Promise<Organization> {
    const organization = await em.findOne(Organization, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
    if (!organization) throw new ResourceNotFound(`No organization "${idOrSlug}".`);
    return organization;
  }

  /** What checkouts go by to choose a currency: the default and the country → currency map. */
  async currencySettings(em: EntityManager, id: string) {
    const organization = await this.findOrganization(em, id);
    return {
      defaultCurrency: organization.defaultPresentmentCurrency,
      currencyByCountry: organization.currencyByCountry,
    };
  }

  /** The caller's organization, by id: another organization is not found (404), whether it exists or not. */
  async getOwn(em: EntityManager, callerId: string, id: string): Promise<Organization> {
    if (id.toLowerCase() !== callerId) throw new ResourceNotFound('Organization not found.');
    return this.findOrganization(em, callerId);
  }

  /** A token speaks for one organization: the list holds it, when it matches the filter. */
  async listOwn(em: EntityManager, callerId: string, query: OrganizationListQuery) {
    const orderBy = query.sorting
      .map(parseSortCriterion)
      .map(({ field, direction }) => ({ [field === 'created_at' ? 'createdAt' : field]: direction }));
    const where = { id: callerId, ...(query.slug !== undefined && { slug: query.slug }) };
    const [items, total] = await em.findAndCount(Organization, where, {
      orderBy,
      limit: query.limit,
      offset: pageOffset(query),
    });
    return { items, pagination: paginationOf(total, query.limit) };
  }

  /**
   * Name, slug, public e-mail and website, the owner's address for notices, and the settings the engine acts on:
   * invoice numbering (series continue where they were, so no number is issued twice), the default proration of
   * subscription changes over the API, and what customers may change in the portal.
   */
  async update(tx: Tx, idOrSlug: string, body: OrganizationUpdate): Promise<Organization> {
    const organization = await this.findOrganization(tx.em, idOrSlug);
    if (body.slug != null && body.slug !== organization.slug) await this.assertSlugFree(tx.em, body.slug);
    const changes = organizationChanges(body);
    Object.assign(organization, changes, { modifiedAt: this.deps.clock.now() });
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, organization.id, 'organization.updated', organizationOutput(organization));
    await tx.em.flush();
    return organization;
  }

  private async assertSlugFree(em: EntityManager, slug: string): Promise<void> {
    if (await em.count(Organization, { slug }))
      throw new Conflict(`An organization with slug "${slug}" already exists.`);
  }
}
