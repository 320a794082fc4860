// Why a seat request is refused.
import { BadRequest, BursarError } from '../../kernel/errors';

/** Every seat the purchase bought is assigned (pending or claimed). */
export class SeatsExhausted extends BursarError {
  readonly code = 'SeatsExhausted';
  constructor(detail = 'No seat is left: every seat of this purchase is assigned.') {
    super(detail);
  }
}

/** The member holds a pending or claimed seat of this purchase already. */
export class SeatAlreadyAssigned extends BursarError {
  readonly code = 'SeatAlreadyAssigned';
  constructor(detail = 'This member has a seat of this purchase already.') {
    super(detail);
  }
}

/** The seat cannot take this move now (claimed already, revoked, not pending for a resend). */
export class SeatNotAvailable extends BursarError {
  readonly code = 'SeatNotAvailable';
  constructor(detail = 'This seat cannot take this action now.') {
    super(detail);
  }
}

/** The invitation's claim token has expired (ask for it to be resent). */
export class SeatInvitationExpired extends BursarError {
  readonly code = 'SeatInvitationExpired';
  constructor(detail = 'This invitation has expired: ask for a new one.') {
    super(detail);
  }
}

/** The purchase has no seats to assign: not seat-based, or not active. */
export const notSeatBased = () => new BadRequest('This purchase is not seat-based: it has no seats to assign.');
export const sourceNotActive = () =>
  new BadRequest('This purchase does not entitle anyone now (not active or not paid): its seats cannot be assigned.');

export const SEAT_ERRORS = [SeatsExhausted, SeatAlreadyAssigned, SeatNotAvailable, SeatInvitationExpired] as const;
