import type { Request } from 'express';
import { NotFoundError } from '../errors';
import { currentUserOf } from './request-context';
import { guestOrderIdsOf } from './session-data';

/**
 * Who may see an order: its customer, the browser session that placed it as a guest,
 * and administrators. Anyone else is told it does not exist, so order ids cannot be probed.
 */
export function assertMayAccessOrder(request: Request, order: { id: number; customerId: string | null }): void {
  if (!mayAccessOrder(request, order)) throw new NotFoundError('Order not found');
}

/** Whether the request's session may see the order (see assertMayAccessOrder). */
export function mayAccessOrder(request: Request, order: { id: number; customerId: string | null }): boolean {
  const user = currentUserOf(request);
  if (user?.role === 'admin') return true;
  if (order.customerId !== null && user?.id === order.customerId) return true;
  return order.customerId === null && guestOrderIdsOf(request).includes(order.id);
}
