import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CategoryEvent, ProductEvent } from '../../../../../backend/src/catalogue/contract/catalogue.events';
import type { ApiTokenEvent } from '../../../../../backend/src/identity/contract/api-tokens';
import type { UserEvent } from '../../../../../backend/src/identity/contract/identity.events';
import type { StaffInvitationEvent } from '../../../../../backend/src/identity/contract/staff.events';
import type { AuditEntryView, AuditPageView } from '../../../../../backend/src/operations/contract/audit.views';
import type { OrderEvent, OrderSettlementEvent } from '../../../../../backend/src/ordering/contract/order.events';
import type { ReferralEvent } from '../../../../../backend/src/ordering/contract/referral.events';
import type { PaymentEvent } from '../../../../../backend/src/payments/contract/payment.events';
import type { ReviewEvent } from '../../../../../backend/src/reviews/contract/review.events';
import type { UniqueKeyEvent } from '../../../../../backend/src/shared/contract/unique-key.events';
import type { FavoritesEvent } from '../../../../../backend/src/customers/contract/favorites.events';
import type { SupportCaseEvent } from '../../../../../backend/src/customers/contract/support.events';
import type { VerificationEvent } from '../../../../../backend/src/customers/contract/verification.events';
import { queryString } from '../../../api/client';
import { useAdminQuery } from '../../../api/admin-queries';

export type { AuditEntryView as AuditEntry, AuditPageView as AuditPage };

export const AUDIT_KEY = ['/api/admin/audit'] as const;
/** The audit log's page size in the back office. */
export const AUDIT_TAB_PAGE_SIZE = 25;
/** One stream's timeline: an order or a payment has a few dozen events at most. */
const TRAIL_LIMIT = 200;

// ---------------------------------------------------------------------------------------------
// Reading events as a person would

type KnownEventType =
  | ProductEvent['type']
  | CategoryEvent['type']
  | UserEvent['type']
  | StaffInvitationEvent['type']
  | ApiTokenEvent['type']
  | OrderEvent['type']
  | OrderSettlementEvent['type']
  | ReferralEvent['type']
  | PaymentEvent['type']
  | ReviewEvent['type']
  | FavoritesEvent['type']
  | SupportCaseEvent['type']
  | VerificationEvent['type']
  | UniqueKeyEvent['type'];

/** Every event type of the contracts, named as a person would; the compiler keeps the list complete. */
const EVENT_LABELS: Record<KnownEventType, string> = {
  OrderSubmitted: 'Order submitted',
  OrderPlaced: 'Order placed',
  OrderRejected: 'Order rejected',
  OrderPaymentConfirmed: 'Order paid',
  OrderPaymentFailed: 'Order payment failed',
  OrderStatusChanged: 'Order status changed',
  OrderShipped: 'Order shipped',
  OrderCancelled: 'Order cancelled',
  OrderRefunded: 'Order refunded',
  OrderReturnRequested: 'Return requested',
  OrderReturnAuthorized: 'Return authorized',
  OrderReturnRefused: 'Return refused',
  OrderReturnReceived: 'Return received',
  OrderExpired: 'Order expired unpaid',
  OrderStockReleased: 'Order stock returned',
  OrderClaimedByCustomer: 'Order claimed by its customer',
  OrderExpiryDeferred: 'Order expiry deferred (payment on its way)',
  OrderPaymentWindowExtended: 'Order payment window extended (new quote)',
  OrderPaymentReversed: 'Order payment reversed (reorg)',
  PaymentInitiated: 'Payment started',
  PaymentConfirmed: 'Payment confirmed',
  PaymentFailed: 'Payment failed',
  PaymentQuoteClosed: 'Payment quote replaced',
  PaymentTransferDetected: 'Transfer seen on chain',
  PaymentTransferConfirmationsChanged: 'Transfer confirmations changed',
  PaymentTransferDropped: 'Transfer left the chain',
  PaymentConfirmationUndone: 'Payment confirmation undone (reorg)',
  PaymentUnderpaymentAccepted: 'Underpayment accepted',
  PaymentMarkedPaid: 'Payment marked paid',
  PaymentRefundNoted: 'Refund noted',
  FavoriteAdded: 'Favorite added',
  FavoriteRemoved: 'Favorite removed',
  SupportCaseOpened: 'Support case opened',
  SupportCaseReplied: 'Support case replied',
  SupportCaseClosed: 'Support case closed',
  InstitutionVerificationSubmitted: 'Institution verification submitted',
  InstitutionVerificationApproved: 'Institution verification approved',
  InstitutionVerificationRejected: 'Institution verification rejected',
  ProductCreated: 'Product created',
  ProductDetailsChanged: 'Product details changed',
  ProductPricingChanged: 'Product price changed',
  ProductActivated: 'Product activated',
  ProductDeactivated: 'Product deactivated',
  ProductRemoved: 'Product removed',
  StockAdjusted: 'Stock adjusted',
  StockReserved: 'Stock held for an order',
  StockReleased: 'Stock returned',
  CategoryCreated: 'Category created',
  CategoryDetailsChanged: 'Category changed',
  CategoryRemoved: 'Category removed',
  CategoryDeactivated: 'Category deactivated',
  ReviewWritten: 'Review written',
  ReviewEdited: 'Review edited',
  ReviewDeleted: 'Review deleted',
  ReviewVoted: 'Review voted on',
  ReviewAnswered: 'Review answered',
  ReviewHidden: 'Review hidden',
  ReviewShown: 'Review shown again',
  ReferralCodeCreated: 'Referral code created',
  ReferralCodeDeactivated: 'Referral code deactivated',
  UserRegistered: 'Account registered',
  RoleGranted: 'Role granted',
  StaffInvited: 'Staff invited',
  StaffInvitationWithdrawn: 'Staff invitation withdrawn',
  StaffInvitationAccepted: 'Staff invitation accepted',
  StaffRemoved: 'Removed from the staff',
  EmailVerificationRequested: 'Confirmation e-mail sent',
  EmailVerified: 'E-mail address confirmed',
  PasswordResetRequested: 'Password reset link mailed',
  PasswordChanged: 'Password changed',
  EmailChangeRequested: 'E-mail change asked',
  EmailChanged: 'E-mail address changed',
  AccountClosed: 'Account closed',
  PersonalDataErased: 'Personal data erased',
  PasswordReset: 'Password reset',
  TwoFactorEnabled: 'Two-factor sign-in turned on',
  TwoFactorDisabled: 'Two-factor sign-in turned off',
  TwoFactorRecoveryCodeUsed: 'Recovery code used',
  UniqueKeyClaimed: 'Unique key claimed',
  UniqueKeyReleased: 'Unique key released',
  ApiTokenCreated: 'API token created',
  ApiTokenRevoked: 'API token revoked',
};

/** The event-type filter's choices, grouped as the back office thinks of them. */
export const EVENT_TYPE_GROUPS: { label: string; types: KnownEventType[] }[] = [
  { label: 'Orders', types: ['OrderSubmitted', 'OrderPlaced', 'OrderRejected', 'OrderPaymentConfirmed', 'OrderPaymentFailed', 'OrderStatusChanged', 'OrderShipped', 'OrderCancelled', 'OrderExpired', 'OrderExpiryDeferred', 'OrderPaymentWindowExtended', 'OrderPaymentReversed', 'OrderStockReleased', 'OrderClaimedByCustomer'] },
  { label: 'Payments', types: ['PaymentInitiated', 'PaymentTransferDetected', 'PaymentTransferConfirmationsChanged', 'PaymentTransferDropped', 'PaymentConfirmed', 'PaymentConfirmationUndone', 'PaymentFailed', 'PaymentQuoteClosed', 'PaymentUnderpaymentAccepted', 'PaymentMarkedPaid', 'PaymentRefundNoted'] },
  { label: 'Customers', types: ['FavoriteAdded', 'FavoriteRemoved', 'SupportCaseOpened', 'SupportCaseReplied', 'SupportCaseClosed', 'InstitutionVerificationSubmitted', 'InstitutionVerificationApproved', 'InstitutionVerificationRejected'] },
  { label: 'Products and stock', types: ['ProductCreated', 'ProductDetailsChanged', 'ProductPricingChanged', 'ProductActivated', 'ProductDeactivated', 'ProductRemoved', 'StockAdjusted', 'StockReserved', 'StockReleased', 'CategoryCreated', 'CategoryDetailsChanged'] },
  { label: 'Reviews', types: ['ReviewWritten', 'ReviewEdited', 'ReviewDeleted', 'ReviewVoted', 'ReviewAnswered', 'ReviewHidden', 'ReviewShown'] },
  { label: 'Referral codes', types: ['ReferralCodeCreated', 'ReferralCodeDeactivated'] },
  { label: 'Accounts', types: ['UserRegistered', 'RoleGranted', 'StaffInvited', 'StaffInvitationWithdrawn', 'StaffInvitationAccepted', 'StaffRemoved', 'EmailVerificationRequested', 'EmailVerified', 'PasswordResetRequested', 'PasswordReset', 'PasswordChanged', 'EmailChangeRequested', 'EmailChanged', 'AccountClosed', 'PersonalDataErased', 'TwoFactorEnabled', 'TwoFactorDisabled', 'TwoFactorRecoveryCodeUsed', 'UniqueKeyClaimed', 'UniqueKeyReleased'] },
  { label: 'API tokens', types: ['ApiTokenCreated', 'ApiTokenRevoked'] },
];

/** "OrderShipped" as "Order shipped"; a type the SPA does not know yet is split into words. */
export function eventLabel(type: string): string {
  if (type in EVENT_LABELS) return EVENT_LABELS[type as KnownEventType];
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** "order-12" as "Order #12", "referral-SPRING" as "Referral code SPRING". */
export function streamLabel(streamId: string): string {
  const dash = streamId.indexOf('-');
  const kind = dash < 0 ? streamId : streamId.slice(0, dash);
  const id = dash < 0 ? '' : streamId.slice(dash + 1);
  switch (kind) {
    case 'order':
      return `Order #${id}`;
    case 'payment':
      return `Payment #${id}`;
    case 'product':
      return `Product #${id}`;
    case 'category':
      return `Category #${id}`;
    case 'referral':
      return `Referral code ${id}`;
    case 'review':
      return `Review ${shortId(id)}`;
    case 'user':
      return `Account ${shortId(id)}`;
    case 'api':
      return id.startsWith('token-') ? `API token ${shortId(id.slice('token-'.length))}` : streamId;
    case 'sku':
      return `SKU ${id}`;
    case 'email':
      return 'E-mail address';
    default:
      return streamId;
  }
}

export const ROLE_LABELS: Record<AuditEntryView['actor']['role'], string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
  auditor: 'Auditor',
  analyst: 'Analyst',
  customer: 'Customer',
  guest: 'Guest',
  system: 'System',
};

// ---------------------------------------------------------------------------------------------
// Queries

/** The filters of `GET /api/admin/audit` (audit.controller.ts); empty ones are left out. */
export interface AuditSearch {
  stream?: string;
  /** A user id, `guest` or `system`. */
  actor?: string;
  type?: string;
  /** ISO instants (or YYYY-MM-DD, a whole UTC day). */
  from?: string;
  to?: string;
}

export function auditQueryString(search: AuditSearch, paging?: { page: number; pageSize: number }): string {
  return queryString({ ...search, ...paging });
}

export const auditExportUrl = (search: AuditSearch) => `/api/admin/audit/export${auditQueryString(search)}`;

export function useAuditPage(search: AuditSearch, page: number, enabled = true) {
  const query = auditQueryString(search, { page, pageSize: AUDIT_TAB_PAGE_SIZE });
  return useAdminQuery<AuditPageView>([...AUDIT_KEY, 'log', query], `/api/admin/audit${query}`, { enabled, keepPrevious: true });
}

/** One stream's events, oldest first. */
export function useStreamAudit(stream: string) {
  const query = auditQueryString({ stream }, { page: 1, pageSize: TRAIL_LIMIT });
  return useAdminQuery<AuditPageView>([...AUDIT_KEY, 'stream', stream], `/api/admin/audit${query}`);
}

/**
 * Every back-office change records events, but answers wait only for the read models they show,
 * not for the audit log: after any successful change, read the log again now and once more a
 * moment later, when its projector has caught up.
 */
export function useRefreshAfterChanges(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const refresh = () => queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      void refresh();
      const timer = setTimeout(() => {
        timers.delete(timer);
        void refresh();
      }, 1200);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [queryClient, key]);
}
