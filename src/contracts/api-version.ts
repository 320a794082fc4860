// The API's versions: the dated ones the 1.x clients name in `Polar-Version`, and `legacy`, the unversioned /v1 shape
// the 0.x clients parse (what a request without the header gets).
import { z } from 'zod';

/** Oldest first. The contracts describe the newest; older shapes are derived from it (./version-changes). */
export const API_VERSIONS = ['legacy', '2026-04', '2026-10', '2027-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const ApiVersion = z.enum(API_VERSIONS);

export const HEAD_VERSION = '2027-01' satisfies ApiVersion;
export type HeadVersion = typeof HEAD_VERSION;
/** Without `Polar-Version`: the shape every 0.x client validates, which must not change under them. */
export const UNVERSIONED: ApiVersion = 'legacy';
export const VERSION_HEADER = 'Polar-Version';

/** The version a `Polar-Version` value names; undefined for an unknown or malformed one. */
export function apiVersionOf(header: string | undefined): ApiVersion | undefined {
  if (header === undefined || header === '') return UNVERSIONED;
  return (API_VERSIONS as readonly string[]).includes(header) ? (header as ApiVersion) : undefined;
}

/** Whether `version` is older than `than`. */
export const isOlder = (version: ApiVersion, than: ApiVersion): boolean =>
  API_VERSIONS.indexOf(version) < API_VERSIONS.indexOf(than);
