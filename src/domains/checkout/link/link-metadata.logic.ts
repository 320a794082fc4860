// The metadata of a session a checkout link opens: the link's own, then what the URL prefills. Pure.
import { MAX_METADATA_KEYS, type Metadata } from '../../../contracts/metadata';

/** The link's metadata, then the URL's `reference_id` and `utm_*` where the link has no such key and room is left. */
export function withPrefilledMetadata(own: Metadata, prefilled: Record<string, string>): Metadata {
  const metadata = { ...own };
  for (const [key, value] of Object.entries(prefilled)) {
    if (!(key in metadata) && Object.keys(metadata).length < MAX_METADATA_KEYS) metadata[key] = value;
  }
  return metadata;
}
