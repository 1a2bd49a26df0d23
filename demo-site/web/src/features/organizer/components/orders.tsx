import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  downloadExport,
  type ExportFile,
  type OrderDetail,
  type Participant,
  useCorrectParticipant,
  useOrder,
  useOrders,
  useRefundLine,
  useRefundOrder,
  useResendLetter,
} from '../api';
import { dateTime, rubles, useText } from '../texts';
import { ActMessage, errorMessage, FormActions, FormError, QueryState, useAct } from './query-state';

/** Search of orders (all the caller's events, or one event city), with the event city's exports beside it. */
export function OrderSearch({ eventCity }: { eventCity?: string }) {
  const { t, language } = useText();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const orders = useOrders(q, eventCity);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportFile = (name: ExportFile) => () => {
    setExportError(null);
    if (eventCity) downloadExport(eventCity, name).catch((failure: unknown) => setExportError(errorMessage(failure, t('loadError'))));
  };
  return (
    <div className="org-stack">
      {eventCity ? (
        <div className="org-exports">
          <span>{t('exportParticipants')}:</span>
          <button type="button" className="button button--small button--secondary" onClick={exportFile('participants.xlsx')}>
            XLSX
          </button>
          <button type="button" className="button button--small button--secondary" onClick={exportFile('participants.csv')}>
            CSV
          </button>
          <span>{t('exportOrders')}:</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={exportFile('orders.xlsx')}
            aria-label={`${t('exportOrders')} XLSX`}
          >
            XLSX
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={exportFile('orders.csv')}
            aria-label={`${t('exportOrders')} CSV`}
          >
            CSV
          </button>
          {exportError ? <span role="alert">{exportError}</span> : null}
        </div>
      ) : null}
      <form
        className="org-form org-form--inline"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setQ(typed.trim());
        }}
      >
        <div className="field org-grow">
          <label htmlFor={`${id}-q`}>{t('search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('searchHint')}
          />
        </div>
        <button type="submit" className="button">
          {t('find')}
        </button>
      </form>
      <QueryState query={orders}>
        {(data) =>
          data.values.length === 0 ? (
            <p className="org-muted">{t('nothingFound')}</p>
          ) : (
            <div className="org-table-wrap">
              <table className="org-table">
                <thead>
                  <tr>
                    <th scope="col">{t('order')}</th>
                    <th scope="col">{t('participants')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('status')}</th>
                    <th scope="col" className="org-num">
                      {t('amount')}
                    </th>
                    <th scope="col">{t('when')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.values.map((order) => (
                    <tr key={order.public_id}>
                      <th scope="row">
                        <Link to={`/organizer/orders/${order.public_id}`}>{order.public_id.slice(0, 8)}</Link>
                      </th>
                      <td>{order.participants ?? '—'}</td>
                      <td>{order.email}</td>
                      <td>
                        <OrderStatus status={order.status} />
                      </td>
                      <td className="org-num">{rubles(order.amount, language)}</td>
                      <td>{dateTime(order.created_at, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </div>
  );
}

/** An order: lines, payment, participants (a manager corrects their data, recorded), history. */
export function OrderPage({ orderId, canWrite }: { orderId: string; canWrite: boolean }) {
  const { t, language } = useText();
  const order = useOrder(orderId);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <QueryState query={order}>
      {(data) => (
        <div className="org-stack">
          <h2>
            {t('order')} <code>{data.public_id}</code> <OrderStatus status={data.status} />
          </h2>
          <dl className="org-figures">
            <div>
              <dt>{t('buyer')}</dt>
              <dd className="org-small">
                {data.buyer?.name ?? ''} {data.email}
                {data.buyer?.phone ? `, ${data.buyer.phone}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('amount')}</dt>
              <dd>{rubles(data.amount, language)}</dd>
            </div>
            <div>
              <dt>{t('paidAt')}</dt>
              <dd className="org-small">{data.payment.paid_at ? dateTime(data.payment.paid_at, language) : '—'}</dd>
            </div>
            <div>
              <dt>{t('refunded')}</dt>
              <dd>{rubles(data.refunded_amount, language)}</dd>
            </div>
          </dl>
          {canWrite ? <OrderActions orderId={data.public_id} paid={data.status === 'paid'} /> : null}
          {canWrite && data.status === 'refunding' ? <RefundAgain orderId={data.public_id} failed={wholeRefundFailed(data)} /> : null}
          <section className="org-panel">
            <h3>{t('lines')}</h3>
            <div className="org-table-wrap">
              <table className="org-table">
                <tbody>
                  {data.lines.map((line) => (
                    <LineRow key={line.public_id} orderId={data.public_id} line={line} canRefund={canWrite && data.status === 'paid'} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="org-panel">
            <h3>{t('tickets')}</h3>
            <div className="org-table-wrap">
              <table className="org-table">
                <thead>
                  <tr>
                    <th scope="col">{t('number')}</th>
                    <th scope="col">{t('participants')}</th>
                    <th scope="col">{t('birthDate')}</th>
                    <th scope="col">{t('phone')}</th>
                    <th scope="col">{t('status')}</th>
                    {canWrite ? <th scope="col" /> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.tickets.map((ticket) => (
                    <TicketRow
                      key={ticket.public_id}
                      ticket={ticket}
                      canWrite={canWrite}
                      editing={editing === ticket.public_id}
                      onEdit={() => setEditing(editing === ticket.public_id ? null : ticket.public_id)}
                      onDone={() => setEditing(null)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="org-panel">
            <h3>{t('history')}</h3>
            <ol className="org-history">
              {data.history.map((entry) => (
                <li key={`${entry.at}-${entry.action}-${JSON.stringify(entry.after)}`}>
                  <time dateTime={entry.at}>{dateTime(entry.at, language)}</time> <strong>{entry.action}</strong>
                  {entry.who ? ` · ${entry.who}` : ''}
                  {entry.after ? <Diff before={entry.before} after={entry.after} /> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </QueryState>
  );
}

export function Diff({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <ul className="org-diff">
      {keys.map((key) => (
        <li key={key}>
          <code>{key}</code>: {before && key in before ? <del>{show(before[key])}</del> : null}{' '}
          {after && key in after ? <ins>{show(after[key])}</ins> : null}
        </li>
      ))}
    </ul>
  );
}

function TicketRow(props: {
  ticket: { public_id: string; number: number; status: string; participant: Participant };
  canWrite: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const { t, language } = useText();
  const { ticket } = props;
  const name = [ticket.participant.last_name, ticket.participant.first_name, ticket.participant.second_name].filter(Boolean).join(' ');
  return (
    <>
      <tr>
        <th scope="row">{ticket.number}</th>
        <td>{name || '—'}</td>
        <td>{ticket.participant.birth_date ?? '—'}</td>
        <td>{ticket.participant.phone ?? '—'}</td>
        <td>{ticketStatuses[ticket.status as keyof typeof ticketStatuses]?.[language === 'en' ? 1 : 0] ?? ticket.status}</td>
        {props.canWrite ? (
          <td>
            <div className="org-actions">
              <button type="button" className="button button--small button--secondary" onClick={props.onEdit} aria-expanded={props.editing}>
                {t('correct')}
              </button>
            </div>
          </td>
        ) : null}
      </tr>
      {props.editing ? (
        <tr>
          <td colSpan={6}>
            <ParticipantForm ticketId={ticket.public_id} participant={ticket.participant} onDone={props.onDone} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ParticipantForm({ ticketId, participant, onDone }: { ticketId: string; participant: Participant; onDone: () => void }) {
  const { t } = useText();
  const id = useId();
  const correct = useCorrectParticipant();
  const [values, setValues] = useState({
    last_name: participant.last_name ?? '',
    first_name: participant.first_name ?? '',
    second_name: participant.second_name ?? '',
    birth_date: participant.birth_date ?? '',
    phone: participant.phone ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const fields: [keyof typeof values, string][] = [
    ['last_name', t('lastName')],
    ['first_name', t('firstName')],
    ['second_name', t('secondName')],
    ['birth_date', t('birthDate')],
    ['phone', t('phone')],
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== (participant[key as keyof Participant] ?? '') && value !== ''),
    );
    try {
      await correct.mutateAsync({ id: ticketId, ...changed });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('correct')}>
      <div className="org-form__grid">
        {fields.map(([key, label]) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <input
              id={`${id}-${key}`}
              type={key === 'birth_date' ? 'date' : 'text'}
              value={values[key]}
              onChange={(event) => setValues((old) => ({ ...old, [key]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <FormError error={error} />
      <FormActions label={t('save')} pending={correct.isPending} onCancel={onDone} />
    </form>
  );
}

/** A ticket's state: valid, waiting for its refund (the spec's «Ожидайте возврат»), or returned. */
const ticketStatuses = {
  active: ['Действует', 'Valid'],
  processing: ['Ожидайте возврат', 'Awaiting refund'],
  returned: ['Возвращён', 'Returned'],
} as const;

const statuses = {
  paid: ['Оплачен', 'Paid'],
  pending: ['Ожидает оплаты', 'Awaiting payment'],
  refunding: ['Возврат', 'Refunding'],
  refunded: ['Возвращён', 'Refunded'],
  declined: ['Отклонён', 'Declined'],
  expired: ['Истёк', 'Expired'],
} as const;

/** The order's latest whole refund, when the payment service refused it. */
const wholeRefundFailed = (order: OrderDetail) => {
  const latest = order.refunds.filter((refund) => refund.line_public_id === null).at(-1);
  return latest?.status === 'failed' ? latest : null;
};

function OrderStatus({ status }: { status: string }) {
  const { language } = useText();
  const names = statuses[status as keyof typeof statuses];
  return <span className={`org-status org-status--${status}`}>{names ? names[language === 'en' ? 1 : 0] : status}</span>;
}

/**
 * A line of the order with its refund: «Вернуть» (a manager, a paid order) asks the payment service for the
 * money of this line alone, after a confirm; then the line says whether the refund is awaited or done.
 */
function LineRow({ orderId, line, canRefund }: { orderId: string; line: OrderDetail['lines'][number]; canRefund: boolean }) {
  const { t, language } = useText();
  const refund = useRefundLine();
  const { message, act } = useAct();
  const label = t('refundLineLabel').replace('{title}', line.title);
  return (
    <tr>
      <td>{line.title}</td>
      <td className="org-num">× {line.count}</td>
      <td className="org-num">{line.discount ? `−${rubles(line.discount, language)}` : ''}</td>
      <td className="org-num">{rubles(line.total, language)}</td>
      <td className="org-line-refund">
        {line.refund && line.refund.status !== 'failed' ? (
          <span className={`org-status org-status--${line.refund.status === 'succeeded' ? 'refunded' : 'refunding'}`}>
            {t(line.refund.status === 'succeeded' ? 'lineRefundSucceeded' : 'lineRefundPending')} {rubles(line.refund.amount, language)}
          </span>
        ) : (
          <>
            {line.refund?.status === 'failed' ? <RefundFailed reason={line.refund.failure_reason} /> : null}
            {canRefund ? (
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={label}
                disabled={refund.isPending}
                onClick={() => {
                  const question = t('confirmRefundLine').replace('{title}', line.title);
                  if (window.confirm(question)) void act(() => refund.mutateAsync({ orderId, lineId: line.public_id }), t('refundAsked'));
                }}
              >
                {t('refundLine')}
              </button>
            ) : null}
          </>
        )}
        <ActMessage message={message} inline />
      </td>
    </tr>
  );
}

/** A refund the payment service refused, with its reason (YooKassa's code), beside the button that asks again. */
function RefundFailed({ reason }: { reason: string | null }) {
  const { t } = useText();
  return (
    <span className="org-status org-status--failed">
      {t('refundFailed')}
      {reason ? ` (${reason})` : ''}
    </span>
  );
}

/**
 * A refunding order: when the payment service refused its refund, the refusal and «Повторить возврат» (the
 * order waits for its money until one is asked again); after the ask, what came of it.
 */
function RefundAgain({ orderId, failed }: { orderId: string; failed: { failure_reason: string | null } | null }) {
  const { t } = useText();
  const refund = useRefundOrder();
  const { message, act } = useAct();
  if (!failed && !message) return null;
  return (
    <div className="org-exports">
      {failed ? (
        <>
          <RefundFailed reason={failed.failure_reason} />
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={refund.isPending}
            onClick={() => void act(() => refund.mutateAsync(orderId), t('refundAsked'))}
          >
            {t('refundAgain')}
          </button>
        </>
      ) : null}
      <ActMessage message={message} inline />
    </div>
  );
}

/** What a manager does with a paid order: the tickets letter again, a refund through the provider. */
function OrderActions({ orderId, paid }: { orderId: string; paid: boolean }) {
  const { t } = useText();
  const refund = useRefundOrder();
  const resend = useResendLetter();
  const { message, act } = useAct();
  if (!paid) return null;
  return (
    <div className="org-exports">
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void act(() => resend.mutateAsync(orderId), t('letterSent'))}
      >
        {t('resend')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => {
          if (window.confirm(t('confirmRefund'))) void act(() => refund.mutateAsync(orderId), t('refundAsked'));
        }}
      >
        {t('refund')}
      </button>
      <ActMessage message={message} inline />
    </div>
  );
}
