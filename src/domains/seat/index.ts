export { SeatService } from './seat.service';
export type { SeatDeps } from './seat-deps';
export { sendSeatInvitation, expireSeatInvitation, claimSeat, revokeSeat } from './seat-steps';
export { seatModule } from './seat.module';
