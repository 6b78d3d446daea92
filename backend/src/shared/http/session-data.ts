import type { Request } from 'express';

declare module 'express-session' {
  interface SessionData {
    /** Orders placed by this browser while signed out: a guest may pay for and follow only these. */
    guestOrderIds?: number[];
  }
}

const MAX_GUEST_ORDERS = 50;

export function rememberGuestOrder(request: Request, orderId: number): void {
  const known = request.session.guestOrderIds ?? [];
  request.session.guestOrderIds = [...known, orderId].slice(-MAX_GUEST_ORDERS);
}

export function guestOrderIdsOf(request: Request): number[] {
  return request.session?.guestOrderIds ?? [];
}
