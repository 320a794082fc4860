// What one API version changed, as Stripe's version-change modules describe theirs: per response schema (by its
// OpenAPI id), the fields it added and removed, and how a value of it turns into the previous version's.
import type { z } from 'zod';
import type { ApiVersion } from './api-version';

export type Json = Record<string, unknown>;

export interface SchemaChange {
  /** Fields this version added: the versions before it do not show them. */
  added?: readonly string[];
  /** Fields this version removed, as the versions before it show them (their schemas, for the older OpenAPI documents). */
  removed?: Record<string, z.ZodType>;
  /**
   * The removed fields the newest render carries because it cannot derive them (an order's own price object): this
   * version and the later ones drop them. Every other removed field is written by `restore`.
   */
  carried?: readonly string[];
  /**
   * Writes the removed fields from the newer value (in place; the added ones are dropped after it). It runs after the
   * value's nested objects were turned into the older version, so it may copy from them; `ancestors` are the objects
   * that hold it, nearest last, not yet turned (a price finds its product there).
   */
  restore?(value: Json, ancestors: readonly Json[]): void;
}

export interface VersionChange {
  /** The version that made the change; responses for any older version are turned back through it. */
  version: ApiVersion;
  description: string;
  schemas: Record<string, SchemaChange>;
}
