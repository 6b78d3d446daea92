import { Download } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { CRYPTO_PAYMENT_METHOD_IDS } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { SETTLEMENT_STATES } from '../../../../../backend/src/payments/contract/payment-settlement';
import { apiGet, messageOf } from '../../../api/client';
import type { Payment } from '../../../api/types';
import { Pager } from '../../../components/ui/Pager';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { useSearchBox } from '../../../hooks/useSearchBox';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { formatDateTime } from '../../../lib/dates';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { useAdminDashboard } from '../../ordering/back-office';
import { SearchField, StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { AdminTable } from '../../../components/ui/AdminTable';
import { LoadError } from '../../../components/ui/LoadError';
import { StatCard } from '../../../components/ui/StatCard';
import { adminPaymentQueries, usePaymentPage, usePaymentsSettings } from '../api/payment-queries';
import { useRecordRoute } from '../../../hooks/useRecordRoute';
import { RecordPending, retryUnlessMissing } from '../../../components/ui/RecordPending';
import { SETTLEMENT_FILTERS, settlementLabel, showsSettlement } from '../components/payment-format';
import {
  AcceptUnderpaymentDialog,
  ConfirmPaymentDialog,
  FailPaymentDialog,
  MarkPaidDialog,
  PaymentAction,
  PaymentDetailsDialog,
  RefundNoteDialog,
  SettlementBadge,
} from '../components/PaymentDialogs';
import { Button, ButtonAnchor } from '../../../components/ui/Button';

const ALL_METHODS = 'all';
/** What the Payments tab keeps in the URL besides the page: /admin/payments?settlement=underpaid&method=bitcoin&search=12&page=2. */
const PAYMENT_FILTERS = ['settlement', 'method', 'search'] as const;

/**
 * Checkout spec §2 and §5, Payments tab: a page of payments at a time, filtered on the server by what
 * the chain shows, the method and a search of payment id, order id or transaction id (ignoring case);
 * Export downloads exactly the payments these filters keep, as the server writes them.
 */
export function PaymentsTab() {
  const list = useListParams(PAYMENT_FILTERS);
  const { setFilters } = list;
  const settlement = SETTLEMENT_STATES.find((state) => state === list.filters.settlement);
  const method = CRYPTO_PAYMENT_METHOD_IDS.find((id) => id === list.filters.method);
  const filter = { settlement, method, search: list.filters.search || undefined };
  const payments = usePaymentPage({ ...filter, page: list.page, pageSize: list.pageSize });
  useLastPageWhenPastTheEnd(payments.data, payments.isPlaceholderData, list.setPage);
  const search = useSearchBox(
    list.filters.search,
    useCallback((text: string, options: { replace: boolean }) => setFilters({ search: text }, options), [setFilters]),
  );
  const settings = usePaymentsSettings().data;
  const revenue = useAdminDashboard().data;
  const revenueOf = (amount: string | undefined) => (amount === undefined ? '…' : formatAud(toCents(amount)));
  const [action, setAction] = useState<{ kind: Exclude<PaymentAction, 'details'>; payment: Payment } | null>(null);
  const details = useRecordRoute('payments');
  const history = useRef<HTMLElement>(null);
  const methodId = useId();
  const page = payments.data;
  const shown = page?.items ?? [];

  return (
    <section className="stack admin-section" aria-labelledby="payments-heading">
      <div>
        <h2 id="payments-heading">Payment Management</h2>
        <p className="muted">Monitor cryptocurrency payments and transactions</p>
      </div>
      {settings && <PaymentSetupNotice settings={settings} />}
      <div className="admin-stats">
        <StatCard label="Bitcoin Payments" value={revenueOf(revenue?.revenueByPaymentMethod.bitcoin)} note="confirmed, orders not cancelled" />
        <StatCard label="Ethereum Payments" value={revenueOf(revenue?.revenueByPaymentMethod.ethereum)} note="confirmed, orders not cancelled" />
        <StatCard label="PromptPay Payments" value={revenueOf(revenue?.revenueByPaymentMethod.promptpay)} note="confirmed by staff, orders not cancelled" />
        <StatCard label="Total Revenue" value={revenueOf(revenue?.totalRevenue)} note={revenue?.revenueRule ?? ''} />
      </div>
      <section ref={history} className="card admin-card stack" aria-labelledby="payment-history-heading">
        <h3 id="payment-history-heading">Payment History</h3>
        <div className="admin-filters">
          <SearchField label="Search payments" placeholder="Search payments..." {...search.inputProps} />
          <div className="field">
            <label htmlFor={methodId} className="sr-only">
              Filter by payment method
            </label>
            <select id={methodId} className="select" value={method ?? ALL_METHODS} onChange={(event) => setFilters({ method: event.target.value === ALL_METHODS ? '' : event.target.value })}>
              <option value={ALL_METHODS}>All Methods</option>
              {CRYPTO_PAYMENT_METHOD_IDS.map((id) => (
                <option key={id} value={id}>
                  {paymentMethodLabel(id)}
                </option>
              ))}
            </select>
          </div>
          {page && page.total > 0 ? (
            <ButtonAnchor variant="outline" href={adminPaymentQueries.exportUrl(filter)} download="payments.csv">
              <Download size={16} aria-hidden /> Export
            </ButtonAnchor>
          ) : (
            <Button variant="outline" disabled>
              <Download size={16} aria-hidden /> Export
            </Button>
          )}
        </div>
        <div className="row wrap payment-settlement-filters" role="group" aria-label="Filter by what the chain shows">
          {SETTLEMENT_FILTERS.map((state) => (
            <button key={state} type="button" className="chip" aria-pressed={(settlement ?? 'all') === state} onClick={() => setFilters({ settlement: state === 'all' ? '' : state })}>
              {settlementLabel(state)}
            </button>
          ))}
        </div>
        {payments.isError ? (
          <LoadError message={messageOf(payments.error, 'Failed to load payments.')} onRetry={() => payments.refetch()} />
        ) : (
          <div className={`stack ${payments.isPlaceholderData ? 'is-stale' : ''}`} aria-busy={payments.isFetching || undefined}>
            <AdminTable
              columns={['Payment ID', 'Order ID', 'Payment Method', 'Amount', 'Status', 'Transaction', 'Date', 'Actions']}
              isLoading={payments.isLoading}
              isEmpty={page !== undefined && shown.length === 0}
              emptyText="No payments found matching your criteria."
            >
              {shown.map((payment) => (
                <tr key={payment.id}>
                  <td>#{payment.id}</td>
                  <td>#{payment.orderId}</td>
                  <td>{paymentMethodLabel(payment.paymentMethod)}</td>
                  <td className="admin-number">
                    {formatAud(toCents(payment.amount))}
                    <br />
                    <span className="small muted">
                      {payment.cryptoAmount} {payment.coin}
                    </span>
                  </td>
                  <td>
                    <span className="row wrap payment-status-badges">
                      <StatusBadge status={payment.status} />
                      {showsSettlement(payment) && <SettlementBadge payment={payment} />}
                    </span>
                    {payment.failureReason && <span className="small muted admin-reason">{payment.failureReason}</span>}
                  </td>
                  <td>
                    <TransactionHash paymentMethod={payment.paymentMethod} hash={payment.blockchainTxHash ?? payment.transactionId} />
                  </td>
                  <td>{formatDateTime(payment.createdAt)}</td>
                  <td>
                    <div className="row gap admin-row-actions">
                      <Button variant="outline" size="sm" onClick={() => details.open(payment.id)}>
                        Details<span className="sr-only"> of payment #{payment.id}</span>
                      </Button>
                      {payment.status === 'pending' && (
                        <>
                          <Button variant="primary" size="sm" onClick={() => setAction({ kind: 'confirm', payment })}>
                            Confirm<span className="sr-only"> payment #{payment.id}</span>
                          </Button>
                          <Button variant="outline" size="sm" onClick={() => setAction({ kind: 'fail', payment })}>
                            Mark failed<span className="sr-only"> payment #{payment.id}</span>
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
            {page && <Pager label="Payment pages" list={page} onPage={list.setPage} top={history} />}
          </div>
        )}
      </section>
      {details.id !== null && (
        <PaymentRecord
          paymentId={details.id}
          listed={shown.find((payment) => payment.id === details.id)}
          onClose={details.close}
          onAction={(kind, payment) => {
            details.close();
            if (kind !== 'details') setAction({ kind, payment });
          }}
        />
      )}
      {action?.kind === 'confirm' && <ConfirmPaymentDialog payment={action.payment} onClose={() => setAction(null)} />}
      {action?.kind === 'fail' && <FailPaymentDialog payment={action.payment} onClose={() => setAction(null)} />}
      {action?.kind === 'accept-underpayment' && <AcceptUnderpaymentDialog payment={action.payment} onClose={() => setAction(null)} />}
      {action?.kind === 'mark-paid' && <MarkPaidDialog payment={action.payment} onClose={() => setAction(null)} />}
      {action?.kind === 'refund-note' && <RefundNoteDialog payment={action.payment} onClose={() => setAction(null)} />}
    </section>
  );
}

/** Says how payments reach the shop: demo or fixed addresses confirmed by hand, or an address per payment; demo or live rates. */
function PaymentSetupNotice({ settings }: { settings: NonNullable<ReturnType<typeof usePaymentsSettings>['data']> }) {
  const derived = Object.entries(settings.coins)
    .filter(([, mode]) => mode === 'derived')
    .map(([method]) => paymentMethodLabel(method));
  const watched = Object.entries(settings.confirmation).flatMap(([method, policy]) => (policy.mode === 'watched' ? [`${paymentMethodLabel(method)} after ${policy.confirmations} confirmations`] : []));
  const rates =
    settings.rates.mode === 'live'
      ? `Quotes use the median of live prices from ${settings.rates.sources.join(', ')}, no older than ${settings.rates.maxAgeSeconds} s, and hold for ${settings.rates.quoteMinutes} minutes.`
      : `Quotes use the fixed demo rates and hold for ${settings.rates.quoteMinutes} minutes; set RATES_SOURCES for live prices.`;
  return (
    <div className={`notice ${settings.addressMode === 'fixed' ? '' : 'notice-success'} admin-setup-notice`} role="note" aria-label="Payment setup">
      {settings.addressMode === 'fixed' ? (
        <p>
          <strong>Fixed addresses, manual confirmation.</strong> Every order of a coin is paid to the same address, so each payment must be matched and confirmed by hand
          with its transaction hash. Set BTC_XPUB, ETH_XPUB and TRON_XPUB to give every payment its own address.
        </p>
      ) : (
        <p>
          <strong>An address per payment</strong> for {derived.join(', ')}, derived from your extended public keys (no private key on the server).
        </p>
      )}
      {watched.length > 0 && (
        <p className="small">
          Confirmed by the chain without an admin: {watched.join(', ')}. Every other method waits for an admin to confirm it.
        </p>
      )}
      <p className="small">{rates}</p>
    </div>
  );
}

/**
 * The payment at `/admin/payments/:id`: as the page shown lists it (kept fresh with the list), else read on
 * its own (a shared link, a reload on another page or filter).
 */
function PaymentRecord({ paymentId, listed, onClose, onAction }: { paymentId: number; listed: Payment | undefined; onClose(): void; onAction(kind: PaymentAction, payment: Payment): void }) {
  const { queryKey, url } = adminPaymentQueries.detail(paymentId);
  const read = useQuery({ queryKey, queryFn: () => apiGet<Payment>(url), staleTime: 0, enabled: listed === undefined, retry: retryUnlessMissing });
  const payment = listed ?? read.data;
  if (payment) return <PaymentDetailsDialog payment={payment} onClose={onClose} onAction={(kind) => onAction(kind, payment)} />;
  return <RecordPending noun="Payment" id={paymentId} error={read.error} onClose={onClose} />;
}
