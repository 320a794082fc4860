// Request budgets: 100/s per client IP, 300/min per organization and the routes' own (3/s per IP for the public
// license-key calls), in Redis when REDIS_URL is set.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import Redis from 'ioredis';
import { TooManyRequests } from '../../kernel/errors';
import type { RouteRateLimit } from '../../platform/http/route';

export interface RateLimitOptions {
  perIpPerSecond: number;
  perOrganizationPerMinute: number;
  /** The public license-key calls, per client IP (3 unless set). */
  licenseKeyPerSecond?: number;
  redisUrl?: string;
}

export class RateLimits {
  private readonly ip: RateLimiterAbstract;
  private readonly organization: RateLimiterAbstract;
  private readonly routes: Record<RouteRateLimit, RateLimiterAbstract>;
  private readonly redis?: Redis;

  constructor(options: RateLimitOptions) {
    if (options.redisUrl) this.redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.ip = this.limiter('ip', options.perIpPerSecond, 1);
    this.organization = this.limiter('org', options.perOrganizationPerMinute, 60);
    // A one-second window, not the reference's 60 s block: an app that retries too fast waits a second, not a minute.
    this.routes = { license_key: this.limiter('license-key', options.licenseKeyPerSecond ?? 3, 1) };
  }

  private limiter(prefix: string, points: number, duration: number): RateLimiterAbstract {
    if (!this.redis) return new RateLimiterMemory({ keyPrefix: prefix, points, duration });
    // If Redis is unreachable, each replica keeps counting in memory rather than failing requests.
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix: prefix, points, duration });
    return new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `bursar:rl:${prefix}`, points, duration, insuranceLimiter });
  }

  consumeIp(key: string): Promise<void> {
    return consume(this.ip, key);
  }

  consumeOrganization(key: string): Promise<void> {
    return consume(this.organization, key);
  }

  consumeRoute(budget: RouteRateLimit, key: string): Promise<void> {
    return consume(this.routes[budget], key);
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new TooManyRequests(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
    throw rejection;
  }
}
