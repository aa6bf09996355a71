import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Pager } from '../components/pager';
import { RefreshableToolbar } from '../components/refreshable-toolbar';
import { emptyListText } from '../state/paged-list';
import { formatNumber } from '../format';
import { MESSAGES } from '../messages';
import { loadMail } from '../state/mail';
import { loopstreamPrefill, setUpLoopstreamFromOrder } from '../state/order-actions';
import { filterOrders, goToOrderPage, loadOrders, ORDER_STATUS_LABELS, searchOrders } from '../state/orders';
import { store } from '../state/store';
import '../styles/orders.css';
import { LoopstreamForm } from './loopstream-form';
import { MailNotice } from './mail-notice';
import { MailView } from './mail-view';
import { IssueLicenseForm } from './orders-issue-license';
import { OrdersTable } from './orders-table';
import type { ShownOrder } from './orders-table';

type View = 'orders' | 'mail';

function OrdersView(): ReactElement {
  const { orders, orderStats } = useSnapshot(store);
  const [setUp, setSetUp] = useState<ShownOrder | null>(null);
  const [issuing, setIssuing] = useState<ShownOrder | null>(null);
  const summary = orders.total === 1 ? '1 order' : `${formatNumber(orders.total)} orders`;
  const prefill = setUp ? loopstreamPrefill(setUp) : undefined;
  return (
    <>
      <RefreshableToolbar
        list={orders}
        search={{ label: 'Search orders', placeholder: 'Search buyer, e-mail or ref id…', onChange: searchOrders }}
        filter={{
          label: 'Order status',
          allLabel: 'All statuses',
          labels: ORDER_STATUS_LABELS,
          onChange: filterOrders,
        }}
        onRefresh={() => void loadOrders()}
      />
      <OrdersTable
        rows={orders.rows}
        busy={orders.loading}
        empty={emptyListText(orders, {
          none:
            orderStats?.payments_configured === false
              ? 'No orders yet: LYNK_MERCHANT_KEY is not set, so Lynk.id payments are refused and none can appear here.'
              : 'No orders yet. Paid Lynk.id orders appear here by themselves.',
          noMatch: 'No orders match.',
          failed: MESSAGES.ordersLoadFailed,
        })}
        onSetUp={setSetUp}
        onIssue={setIssuing}
      />
      <Pager page={orders.page} pages={orders.pages} label="Order pages" onPage={goToOrderPage} summary={summary} />
      {setUp && prefill ? (
        <LoopstreamForm
          title={`Set up LoopStream: ${prefill.plan || setUp.ref_id}`}
          initial={prefill}
          onClose={() => setSetUp(null)}
          create={(input) => setUpLoopstreamFromOrder(setUp, input)}
        />
      ) : null}
      {issuing ? <IssueLicenseForm order={issuing} onClose={() => setIssuing(null)} /> : null}
    </>
  );
}

export function OrdersTab(): ReactElement {
  const [view, setView] = useState<View>('orders');
  const { orderStats } = useSnapshot(store);

  useEffect(() => {
    void (view === 'orders' ? loadOrders() : loadMail());
  }, [view]);

  const waiting = orderStats?.mail_waiting ?? 0;
  return (
    <>
      <div className="spread-row panel-head">
        <h2>{view === 'orders' ? 'Orders' : 'Mail'}</h2>
        <div className="segmented" role="group" aria-label="Show">
          <button type="button" className="segment" aria-pressed={view === 'orders'} onClick={() => setView('orders')}>
            Orders
          </button>
          <button type="button" className="segment" aria-pressed={view === 'mail'} onClick={() => setView('mail')}>
            Mail{waiting > 0 ? ` (${formatNumber(waiting)} waiting)` : ''}
          </button>
        </div>
      </div>
      <MailNotice always />
      {view === 'orders' ? <OrdersView /> : <MailView />}
    </>
  );
}
