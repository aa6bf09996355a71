import type { ReactElement } from 'react';
import type { Snapshot } from 'valtio';
import type { Order } from '../../../contract/calls/orders';
import { needsOwner } from '../../../contract/rules/order-effective-status';
import { formatRupiah } from '../../format';
import { DataTable } from '../components/data-table';
import { RowActions } from '../components/row-actions';
import type { RowAction } from '../components/row-actions';
import { ShopDate } from '../components/shop-date';
import { reprocessOrder } from '../state/order-actions';
import { markOrderHandled, ORDER_EFFECTIVE_STATUS_LABELS, showLicense, whatsappLink } from '../state/orders';

/** An order as the list shows it (a read-only snapshot of the store). */
export type ShownOrder = Snapshot<Order>;

/** The owner's one-step actions on an order that needs them. */
export type OrderActions = { onSetUp: (order: ShownOrder) => void; onIssue: (order: ShownOrder) => void };

function Items({ order }: { order: ShownOrder }): ReactElement {
  return (
    <ul className="order-items">
      {order.items.map((item, index) => (
        <li key={index}>
          <span>
            {item.title} × {item.qty}
          </span>
          {item.plan_id ? null : <span className="cell-sub order-warning">No plan has this title</span>}
        </li>
      ))}
    </ul>
  );
}

function Amount({ order }: { order: ShownOrder }): ReactElement {
  const short = order.plans_price_idr !== null && order.amount_idr < order.plans_price_idr;
  return (
    <span className="order-amount">
      <strong>Paid {formatRupiah(order.amount_idr)}</strong>
      {order.plans_price_idr !== null ? (
        <span className={`cell-sub${short ? ' order-warning' : ''}`}>
          {short ? 'below the plan price ' : 'plan price '}
          {formatRupiah(order.plans_price_idr)}
        </span>
      ) : null}
    </span>
  );
}

function Loopstreams({ order }: { order: ShownOrder }): ReactElement {
  return (
    <>
      {order.loopstreams.map((stream) => (
        <span key={stream.id} className="stack" data-loopstream-id={stream.id}>
          <span>LoopStream {stream.package_type}</span>
          <span className="cell-sub">
            <code className="key">{stream.ip_server}</code>, until <ShopDate value={stream.expired_date} />
          </span>
        </span>
      ))}
    </>
  );
}

function Licences({ order }: { order: ShownOrder }): ReactElement {
  if (order.licenses.length === 0 && order.loopstreams.length === 0)
    return <span className="muted">{order.license_ids.length > 0 ? 'Deleted' : 'None'}</span>;
  return (
    <div className="stack">
      <Loopstreams order={order} />
      {order.licenses.map((license) => (
        <span key={license.id} className="stack">
          <a
            href="#licenses"
            className="key"
            onClick={(event) => {
              event.preventDefault();
              showLicense(license.license_key);
            }}
          >
            {license.license_key}
          </a>
          <span className="cell-sub">
            {license.change === 'created' ? 'Issued' : 'Extended'}, {license.days} days
          </span>
        </span>
      ))}
    </div>
  );
}

/** What the owner can do about an order still waiting: its status's own step, then marking it handled by other means. */
function waitingActions(order: ShownOrder, { onSetUp, onIssue }: OrderActions): RowAction[] {
  return [
    {
      label: 'Set up LoopStream',
      tone: 'primary',
      onClick: () => onSetUp(order),
      shown: order.status === 'needs_setup',
    },
    { label: 'Issue licence', tone: 'primary', onClick: () => onIssue(order), shown: order.status === 'needs_review' },
    { label: 'Process again', onClick: () => reprocessOrder(order), shown: order.status === 'needs_review' },
    { label: 'Mark handled', onClick: () => markOrderHandled(order) },
  ];
}

type RowProps = { order: ShownOrder } & OrderActions;

function OrderRow({ order, onSetUp, onIssue }: RowProps): ReactElement {
  const whatsapp = whatsappLink(order);
  const waiting = needsOwner(order.effective_status);
  const hidden = <span className="visually-hidden"> {order.ref_id}</span>;
  return (
    <tr data-order-id={order.id} data-ref-id={order.ref_id}>
      <td data-label="Order" className="cell-block">
        <div className="stack">
          <code className="key">{order.ref_id}</code>
          <span className="cell-sub">
            <ShopDate value={order.created_at} />
          </span>
        </div>
      </td>
      <td data-label="Buyer" className="cell-wrap">
        <div className="stack">
          <strong>{order.customer_name || '—'}</strong>
          <span className="cell-sub buyer-email">{order.customer_email || 'no e-mail'}</span>
          {order.customer_phone ? <span className="cell-sub">{order.customer_phone}</span> : null}
        </div>
      </td>
      <td data-label="Items" className="cell-wrap">
        <div className="stack">
          <Items order={order} />
          <Amount order={order} />
        </div>
      </td>
      <td data-label="Status" className="cell-wrap">
        <div className="stack">
          <span className={`badge badge-${order.effective_status}`}>
            {ORDER_EFFECTIVE_STATUS_LABELS[order.effective_status]}
          </span>
          {order.note ? (
            <span className="cell-sub order-note">{waiting ? order.note : `Was: ${order.note}`}</span>
          ) : null}
          {order.handled_at ? (
            <span className="cell-sub">
              Handled <ShopDate value={order.handled_at} />
            </span>
          ) : null}
          {order.resolved_by_hand_at ? <span className="cell-sub">Resolved by hand: counted as revenue</span> : null}
        </div>
      </td>
      <td data-label="Licence">
        <Licences order={order} />
      </td>
      <td data-label="Actions" className="cell-actions">
        <RowActions subject={order.ref_id} actions={waiting ? waitingActions(order, { onSetUp, onIssue }) : []}>
          {whatsapp ? (
            <a
              className="button button-small button-secondary"
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
            >
              Send via WhatsApp{hidden}
            </a>
          ) : null}
        </RowActions>
      </td>
    </tr>
  );
}

const COLUMNS = ['Order', 'Buyer', 'Items / amount', 'Status', 'Licence'];

type TableProps = { rows: readonly ShownOrder[]; busy: boolean; empty: string | null } & OrderActions;

export function OrdersTable({ rows, busy, empty, onSetUp, onIssue }: TableProps): ReactElement {
  return (
    <DataTable label="Order list" columns={COLUMNS} busy={busy} empty={empty}>
      {rows.map((order) => (
        <OrderRow key={order.id} order={order} onSetUp={onSetUp} onIssue={onIssue} />
      ))}
    </DataTable>
  );
}
