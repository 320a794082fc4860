// Every change between the API's versions, each in the module of the version that made it (oldest first).
import type { VersionChange } from '../version-change';
import { DATED_API } from './2026-04-dated-api';
import { LICENSE_KEY_MEMBERS } from './2026-10-license-key-members';
import { LICENSE_KEY_SOURCES } from './2027-01-license-key-sources';

export const VERSION_CHANGES: readonly VersionChange[] = [DATED_API, LICENSE_KEY_MEMBERS, LICENSE_KEY_SOURCES];
