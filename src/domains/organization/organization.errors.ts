// Errors of organizations, by the reference's names.
import { BursarError } from '../../kernel/errors';

/** `POST /v1/organizations/` refused to this caller (403): an app's token, or an organization without an owner. */
export class CannotCreateOrganizationError extends BursarError {
  readonly code = 'CannotCreateOrganizationError';
}
