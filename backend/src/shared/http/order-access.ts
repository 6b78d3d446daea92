import type { Request } from 'express';
import { isStaff, may, Permission, Role } from '../../identity/contract/staff-roles';
import { ForbiddenError, NotFoundError } from '../errors';
import { forbiddenMessage } from './guards';
import { currentUserOf } from './request-context';
import { guestOrderIdsOf } from './session-data';

/**
 * Who may see (or act on) an order: its customer, the browser session that placed it as a guest, and staff
 * whose role has `staffPermission` (to read it, `orders:read`). Staff who may read orders but not do this
 * are told what their role lacks (403); anyone else is told it does not exist, so order ids cannot be probed.
 */
export function assertMayAccessOrder(request: Request, order: { id: number; customerId: string | null }, staffPermission: Permission = 'orders:read'): void {
  if (!mayAccessOrder(request, order, staffPermission)) throw orderRefusal(request, staffPermission);
}

/** Whether the request's session may see the order, or do with it what `staffPermission` allows staff (see assertMayAccessOrder). */
export function mayAccessOrder(request: Request, order: { id: number; customerId: string | null }, staffPermission: Permission = 'orders:read'): boolean {
  const user = currentUserOf(request);
  if (may(user?.role, staffPermission)) return true;
  if (order.customerId !== null && user?.id === order.customerId) return true;
  return order.customerId === null && guestOrderIdsOf(request).includes(order.id);
}

/** The refusal for a request that may not do `staffPermission`'s part with an existing order: 403 for staff who read orders anyway, else 404. */
export function orderRefusal(request: Request, staffPermission: Permission, notFoundMessage = 'Order not found'): Error {
  return may(currentUserOf(request)?.role, 'orders:read') ? new ForbiddenError(forbiddenMessage(staffPermission)) : new NotFoundError(notFoundMessage);
}

/** Whether the viewer is shown what orders cost: a buyer their own, staff whose role has `orders:amounts` (fulfilment has not, issue 23). */
export function seesOrderAmounts(role: Role | null | undefined): boolean {
  return !isStaff(role) || may(role, 'orders:amounts');
}
