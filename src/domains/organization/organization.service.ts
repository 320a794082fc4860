// Organizations and their access tokens: creation (CLI) and authentication of bearer tokens (API).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { BadRequest, Conflict, ResourceNotFound } from '../../kernel/errors';
import { isUuid, newId } from '../../kernel/ids';
import { Organization, OrganizationAccessToken } from './organization.entity';
import { generateToken, hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import { INVOICE_PREFIX, isInvoiceNumbering, ORGANIZATION_TOKEN_PREFIX, slugify, type Scope } from './organization.logic';

export class OrganizationService {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async createOrganization(em: EntityManager, input: { name: string; slug?: string }): Promise<Organization> {
    const slug = input.slug ?? slugify(input.name);
    if (await em.count(Organization, { slug })) throw new Conflict(`An organization with slug "${slug}" already exists.`);
    const organization = em.create(Organization, { id: newId(), name: input.name, slug, createdAt: this.clock.now(), modifiedAt: null });
    await em.flush();
    return organization;
  }

  async findOrganization(em: EntityManager, idOrSlug: string): Promise<Organization> {
    const organization = await em.findOne(Organization, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
    if (!organization) throw new ResourceNotFound(`No organization "${idOrSlug}".`);
    return organization;
  }

  /**
   * How the organization's invoice numbers read from now on: per customer or per organization, and their prefix
   * (capital letters, digits and dashes). Series continue where they were, so no number is ever issued twice.
   */
  async setInvoicing(em: EntityManager, idOrSlug: string, settings: { numbering?: string; prefix?: string }): Promise<Organization> {
    const organization = await this.findOrganization(em, idOrSlug);
    if (settings.numbering !== undefined) {
      if (!isInvoiceNumbering(settings.numbering)) throw new BadRequest('The numbering is "customer" or "organization".');
      organization.invoiceNumbering = settings.numbering;
    }
    if (settings.prefix !== undefined) {
      if (!INVOICE_PREFIX.test(settings.prefix))
        throw new BadRequest('The prefix is 1 to 20 capital letters, digits or dashes, starting with a letter or digit.');
      organization.customerInvoicePrefix = settings.prefix;
    }
    organization.modifiedAt = this.clock.now();
    await em.flush();
    return organization;
  }

  /** What customers may change of their subscriptions in the customer portal: the product, the seats. */
  async setPortalSettings(em: EntityManager, idOrSlug: string, settings: { updatePlan?: boolean; updateSeats?: boolean }): Promise<Organization> {
    const organization = await this.findOrganization(em, idOrSlug);
    if (settings.updatePlan !== undefined) organization.customerPortalUpdatePlan = settings.updatePlan;
    if (settings.updateSeats !== undefined) organization.customerPortalUpdateSeats = settings.updateSeats;
    organization.modifiedAt = this.clock.now();
    await em.flush();
    return organization;
  }

  /** Returns the token in clear text: the only time it is ever visible. */
  async createAccessToken(
    em: EntityManager,
    input: { organizationId: string; scopes: Scope[]; comment?: string; expiresAt?: Date | null },
  ): Promise<{ token: string; accessToken: OrganizationAccessToken }> {
    const token = generateToken(ORGANIZATION_TOKEN_PREFIX);
    const accessToken = em.create(OrganizationAccessToken, {
      id: newId(),
      organizationId: input.organizationId,
      tokenHash: hashToken(token, this.secret),
      scopes: [...new Set(input.scopes)],
      comment: input.comment ?? '',
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
      createdAt: this.clock.now(),
    });
    await em.flush();
    return { token, accessToken };
  }

  /** Resolves a bearer token to its organization, or null when it is unknown, revoked or expired. */
  async authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    if (!hasValidChecksum(token, ORGANIZATION_TOKEN_PREFIX)) return null;
    const accessToken = await em.findOne(OrganizationAccessToken, { tokenHash: hashToken(token, this.secret), revokedAt: null });
    if (!accessToken) return null;
    if (accessToken.expiresAt && accessToken.expiresAt <= this.clock.now()) return null;
    return { organizationId: accessToken.organizationId, tokenId: accessToken.id, scopes: new Set(accessToken.scopes) };
  }
}
