// Declares an endpoint once — access, contracts, status, idempotency — for the HTTP app to mount with every convention.
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ApiVersion } from '../../contracts/api-version';
import type { MemberRole } from '../../contracts/member';
import type { Scope } from '../../contracts/scopes';
import type { Tx } from '../database/transaction';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Who an organization access token (or an app's OAuth2 access token) speaks for. */
export interface AuthenticatedOrganization {
  organizationId: string;
  tokenId: string;
  scopes: ReadonlySet<string>;
  /** Set when the token is an app's: its client, whose request budget the call counts against. */
  oauth2ClientId?: string;
}

/** Who a customer session token speaks for: one customer of one organization (the customer portal's caller). */
export interface AuthenticatedCustomer {
  organizationId: string;
  customerId: string;
  sessionId: string;
  /** The member of the customer the session speaks for (its owner for a session made for the customer). */
  memberId: string;
  role: MemberRole;
}

/** A customer's own rows are found by their organization and their customer (the portal's reads pass the caller). */
export type CustomerOwner = Pick<AuthenticatedCustomer, 'organizationId' | 'customerId'>;

/** Which credential a route takes: an organization access token, a customer session token, or none. */
export type RouteAudience = 'organization' | 'customer' | 'public';

/** What a handler may read of the request beyond its parsed contracts. */
export interface RequestDetails {
  header(name: string): string;
  /** The API version the request asked for (`Polar-Version`; the unversioned API without it). */
  apiVersion: ApiVersion;
  /** The body exactly as sent, for routes without a `body` contract that check a signature over it. */
  rawBody(): Promise<string>;
}

export interface RouteInput<B, Q, P> {
  auth: AuthenticatedOrganization;
  tx: Tx;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** `X-Idempotency-Key`, for handlers outside a transaction that make their own retries safe with it. */
  idempotencyKey?: string;
  request: RequestDetails;
}

export interface SecretBearingReplay {
  /** What the idempotency store may keep of the response (never the secret). */
  remember(response: unknown): unknown;
  /** The response again, from what was remembered. */
  replay(input: { tx: Tx; auth: AuthenticatedOrganization }, remembered: unknown): Promise<unknown>;
}

/** A route anyone may call: the secret in its path (or a signature in its body) is the credential. */
export type PublicRouteInput<B, Q, P> = Omit<RouteInput<B, Q, P>, 'auth'>;

/** A customer portal route: the customer session token's customer, and nothing of anybody else's. */
export type CustomerRouteInput<B, Q, P> = PublicRouteInput<B, Q, P> & { customer: AuthenticatedCustomer };

interface RouteOptions<B, Q, P> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Koa-style path, e.g. `/v1/meters/:id`. */
  path: string;
  summary: string;
  body?: B;
  /**
   * A cheaper check of large bodies (a batch of events): it accepts only what `body` accepts and answers what `body`
   * would; what it does not accept (undefined), `body` judges and explains.
   */
  quickBody?: (body: unknown) => Out<B> | undefined;
  query?: Q;
  params?: P;
  status: number;
  response: Schema;
  /**
   * Creates honour `X-Idempotency-Key`: a repeat replays the first response, kept for 24 h. A response carrying a
   * secret is not kept whole — only what `remember` picks — and the replay is rebuilt from the sealed secret.
   */
  idempotent?: boolean | SecretBearingReplay;
  /**
   * The handler waits on workflows (Updates) and opens its own short transactions, so it holds no database
   * connection meanwhile; `tx` is then a plain entity manager for reads.
   */
  outsideTransaction?: boolean;
  /**
   * The handler only reads (the list pages): it runs outside any transaction, as with `outsideTransaction`, so the
   * request costs no BEGIN and COMMIT round trips; it takes no idempotency key.
   */
  readOnly?: boolean;
  /** The body may also come form-urlencoded, each field once (OAuth's endpoints: RFC 6749 §3.2). */
  form?: boolean;
  /** A budget of its own per client IP, on top of the common ones (the public license-key calls: 3/s). */
  rateLimit?: RouteRateLimit;
}

/** The route-level request budgets the HTTP app keeps. */
export type RouteRateLimit = 'license_key' | 'customer_login';

export interface RouteDefinition<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
> extends RouteOptions<B, Q, P> {
  audience: RouteAudience;
  /**
   * Organization routes: any one of these scopes grants access. Customer routes: the scopes the reference names
   * (every customer session carries them). Public routes: null, no token needed (and none checked).
   */
  scopes: readonly Scope[] | null;
  /**
   * Customer routes: which members' sessions may call it. By default the account's owner and billing managers only
   * (billing); 'all' lets a plain member in too, the route then showing it only what is its own.
   */
  members?: CustomerRouteMembers;
  handler(
    input: PublicRouteInput<B, Q, P> & { auth?: AuthenticatedOrganization; customer?: AuthenticatedCustomer },
  ): Promise<unknown>;
}

/** An endpoint behind an organization access token carrying one of `scopes`. */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  route: RouteOptions<B, Q, P> & { scopes: readonly Scope[]; handler(input: RouteInput<B, Q, P>): Promise<unknown> },
): RouteDefinition {
  return { ...route, audience: 'organization' } as unknown as RouteDefinition;
}

/** Who among a customer's members a portal route serves: 'owner', 'billing' (owner, billing managers) or 'all'. */
export type CustomerRouteMembers = 'owner' | 'billing' | 'all';

/** Whether a member with `role` may call a customer route declared with `members` (default 'billing'). */
export const memberMayCall = (role: MemberRole, members: CustomerRouteMembers = 'billing'): boolean =>
  members === 'all' || (members === 'owner' ? role === 'owner' : role !== 'member');

/**
 * A customer portal endpoint, behind a customer session token (`bursar_cst_…`). Plain members' sessions are refused
 * (403) unless the route declares `members: 'all'`; on `members: 'owner'` routes, billing managers' too.
 */
export function defineCustomerRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  route: Omit<RouteOptions<B, Q, P>, 'idempotent'> & {
    members?: CustomerRouteMembers;
    handler(input: CustomerRouteInput<B, Q, P>): Promise<unknown>;
  },
): RouteDefinition {
  return { ...route, audience: 'customer', scopes: CUSTOMER_PORTAL_SCOPES } as unknown as RouteDefinition;
}

/** What every customer session may do: its own customer's data through the portal, nothing more. */
export const CUSTOMER_PORTAL_SCOPES = [
  'customer_portal:read',
  'customer_portal:write',
] as const satisfies readonly Scope[];

/** An endpoint without a token. */
export function definePublicRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(route: RouteOptions<B, Q, P> & { handler(input: PublicRouteInput<B, Q, P>): Promise<unknown> }): RouteDefinition {
  return { ...route, audience: 'public', scopes: null } as unknown as RouteDefinition;
}

/** A handler's answer that the work was accepted and goes on in the background (202, with a JSON body). */
export class Accepted {
  constructor(readonly body: Record<string, unknown> = {}) {}
}

/** A handler's answer that is a file streamed as it is produced (an export), not JSON. */
export class Download {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly body: Readable,
  ) {}
}

/** A handler's answer that sends the client elsewhere (307, the method and body kept). */
export class Redirect {
  constructor(readonly location: string) {}
}
