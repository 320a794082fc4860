// Request budgets: 100/s per client IP, 300/min per organization, per customer and per OAuth2 client, and the routes' own (3/s per IP
// for the public license-key calls; 6/min and 12/h per IP, then a 15-minute block, for the e-mail code login), in
// Redis when REDIS_URL is set.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import Redis from 'ioredis';
import { TooManyRequests } from '../../kernel/errors';
import type { RouteRateLimit } from '../../platform/http/route';
import type { Config } from '../../platform/config';

export interface RateLimitOptions {
  perIpPerSecond: number;
  perOrganizationPerMinute: number;
  /** Customer portal calls, per customer (300 unless set). */
  perCustomerPerMinute?: number;
  /** Calls with an app's access token, per OAuth2 client (300 unless set). */
  perOAuth2ClientPerMinute?: number;
  /** The e-mail code login (request and authenticate), per client IP: 6 a minute and 12 an hour unless set. */
  loginPerMinute?: number;
  loginPerHour?: number;
  /** The public license-key calls, per client IP (3 unless set). */
  licenseKeyPerSecond?: number;
  redisUrl?: string;
}

const LOGIN_BLOCK_SECONDS = 15 * 60;

export class RateLimits {
  private readonly ip: RateLimiterAbstract;
  private readonly organization: RateLimiterAbstract;
  private readonly customer: RateLimiterAbstract;
  private readonly oauth2Client: RateLimiterAbstract;
  private readonly routes: Record<RouteRateLimit, RateLimiterAbstract[]>;
  private readonly redis?: Redis;

  constructor(options: RateLimitOptions) {
    if (options.redisUrl)
      this.redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.ip = this.limiter('ip', options.perIpPerSecond, 1);
    this.organization = this.limiter('org', options.perOrganizationPerMinute, 60);
    this.customer = this.limiter('customer', options.perCustomerPerMinute ?? 300, 60);
    this.oauth2Client = this.limiter('oauth2-client', options.perOAuth2ClientPerMinute ?? 300, 60);
    this.routes = {
      // A one-second window, not the reference's 60 s block: an app that retries too fast waits a second, not a minute.
      license_key: [this.limiter('license-key', options.licenseKeyPerSecond ?? 3, 1)],
      // Guessing a 6-character code is slow work: past either budget, the address is blocked for 15 minutes.
      customer_login: [
        this.limiter('login-minute', options.loginPerMinute ?? 6, 60, LOGIN_BLOCK_SECONDS),
        this.limiter('login-hour', options.loginPerHour ?? 12, 3600, LOGIN_BLOCK_SECONDS),
      ],
    };
  }

  private limiter(prefix: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract {
    const options = { keyPrefix: prefix, points, duration, blockDuration };
    if (!this.redis) return new RateLimiterMemory(options);
    // If Redis is unreachable, each replica keeps counting in memory rather than failing requests.
    const insuranceLimiter = new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      keyPrefix: `bursar:rl:${prefix}`,
      insuranceLimiter,
    });
  }

  consumeIp(ip: string): Promise<void> {
    return consume(this.ip, clientOf(ip));
  }

  consumeOrganization(key: string): Promise<void> {
    return consume(this.organization, key);
  }

  consumeCustomer(key: string): Promise<void> {
    return consume(this.customer, key);
  }

  consumeOAuth2Client(key: string): Promise<void> {
    return consume(this.oauth2Client, key);
  }

  async consumeRoute(budget: RouteRateLimit, ip: string): Promise<void> {
    for (const limiter of this.routes[budget]) await consume(limiter, clientOf(ip), ROUTE_LIMIT_DETAILS[budget]);
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}

/**
 * Whose budget a client address spends: an IPv4 address's own, an IPv6 address's /64 (one subscriber's network, which
 * hands out addresses freely).
 */
export function clientOf(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const ROUTE_LIMIT_DETAILS: Record<RouteRateLimit, string> = {
  license_key: 'Too many license key calls from this address; see Retry-After.',
  customer_login: 'Too many login attempts from this address: blocked for 15 minutes.',
};

async function consume(limiter: RateLimiterAbstract, key: string, detail?: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new TooManyRequests(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), detail);
    }
    throw rejection;
  }
}

/** The budgets the configuration sets. */
export function rateLimitsOf(config: Config): RateLimits {
  return new RateLimits({
    perIpPerSecond: config.RATE_LIMIT_IP_PER_SECOND,
    perOrganizationPerMinute: config.RATE_LIMIT_ORG_PER_MINUTE,
    perCustomerPerMinute: config.RATE_LIMIT_CUSTOMER_PER_MINUTE,
    perOAuth2ClientPerMinute: config.RATE_LIMIT_OAUTH2_CLIENT_PER_MINUTE,
    licenseKeyPerSecond: config.RATE_LIMIT_LICENSE_KEY_PER_SECOND,
    loginPerMinute: config.RATE_LIMIT_LOGIN_PER_MINUTE,
    loginPerHour: config.RATE_LIMIT_LOGIN_PER_HOUR,
    redisUrl: config.REDIS_URL,
  });
}
