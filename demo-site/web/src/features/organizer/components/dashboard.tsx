import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { type EventStats, useStats } from '../api';
import { rubles, useText } from '../texts';
import { ChartCanvas, palette } from './chart';
import { QueryState } from './query-state';

/** The dashboard of an event city: figures on top, then charts (sales per day and hour, per format), promocodes, check-in. */
export function Dashboard({ eventCity }: { eventCity: string }) {
  const stats = useStats(eventCity);
  return <QueryState query={stats}>{(data) => <DashboardView stats={data} />}</QueryState>;
}

function DashboardView({ stats }: { stats: EventStats }) {
  const { t, language } = useText();
  const byDay = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: stats.sales_by_day.map((row) => row.day.slice(5).split('-').reverse().join('.')),
        datasets: [
          { label: t('ticketsSold'), data: stats.sales_by_day.map((row) => row.tickets), backgroundColor: palette[0], borderRadius: 4 },
        ],
      },
      options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [stats, t],
  );
  const byHour = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: stats.sales_last_24h.map((row) => row.hour.slice(11)),
        datasets: [
          { label: t('ticketsSold'), data: stats.sales_last_24h.map((row) => row.tickets), backgroundColor: palette[1], borderRadius: 4 },
        ],
      },
      options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [stats, t],
  );
  const perFormat = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: stats.formats.map((format) => format.name),
        datasets: [
          { label: t('sold'), data: stats.formats.map((format) => format.sold), backgroundColor: palette[0] },
          { label: t('held'), data: stats.formats.map((format) => format.held), backgroundColor: palette[3] },
          { label: t('left'), data: stats.formats.map((format) => format.left), backgroundColor: '#c9ced6' },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
        plugins: { legend: { position: 'bottom' } },
      },
    }),
    [stats, t],
  );
  const checkin = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: {
        labels: [t('checkedIn'), t('sold')],
        datasets: [
          {
            data: [stats.totals.checked_in, Math.max(0, stats.totals.sold - stats.totals.checked_in)],
            backgroundColor: [palette[2], '#c9ced6'],
          },
        ],
      },
      options: { cutout: '70%', plugins: { legend: { display: false } } },
    }),
    [stats, t],
  );
  const share = stats.totals.tickets_count ? Math.round((stats.totals.sold / stats.totals.tickets_count) * 100) : 0;
  const summary = (rows: { label: string; value: number }[]) => rows.map((row) => `${row.label}: ${row.value}`).join(', ');

  return (
    <div className="org-dashboard">
      <dl className="org-figures">
        <div>
          <dt>{t('ticketsSold')}</dt>
          <dd>
            {stats.totals.sold} <small>{`${t('of')} ${stats.totals.tickets_count} · ${share} %`}</small>
          </dd>
        </div>
        <div>
          <dt>{t('net')}</dt>
          <dd>{rubles(stats.revenue.net, language)}</dd>
        </div>
        <div>
          <dt>{t('discounts')}</dt>
          <dd>{rubles(stats.revenue.discounts, language)}</dd>
        </div>
        <div>
          <dt>{t('refunds')}</dt>
          <dd>{rubles(stats.revenue.refunds, language)}</dd>
        </div>
        <div>
          <dt>{t('checkedIn')}</dt>
          <dd>
            {stats.totals.checked_in} <small>{`${t('of')} ${stats.totals.sold}`}</small>
          </dd>
        </div>
      </dl>

      <div className="org-panels">
        <section className="org-panel org-panel--wide" aria-labelledby="org-by-day">
          <h3 id="org-by-day">{t('salesByDay')}</h3>
          {stats.sales_by_day.length ? (
            <ChartCanvas
              config={byDay}
              label={`${t('salesByDay')}: ${summary(stats.sales_by_day.map((row) => ({ label: row.day, value: row.tickets })))}`}
            />
          ) : (
            <p className="org-muted">{t('noSales')}</p>
          )}
        </section>
        <section className="org-panel" aria-labelledby="org-by-hour">
          <h3 id="org-by-hour">{t('salesByHour')}</h3>
          {stats.sales_last_24h.length ? (
            <ChartCanvas
              config={byHour}
              label={`${t('salesByHour')}: ${summary(stats.sales_last_24h.map((row) => ({ label: row.hour, value: row.tickets })))}`}
            />
          ) : (
            <p className="org-muted">{t('noSales')}</p>
          )}
        </section>
        <section className="org-panel org-panel--wide" aria-labelledby="org-per-format">
          <h3 id="org-per-format">{t('perFormat')}</h3>
          <ChartCanvas
            config={perFormat}
            height={Math.max(160, stats.formats.length * 44 + 60)}
            label={`${t('perFormat')}: ${stats.formats.map((format) => `${format.name} — ${t('sold')} ${format.sold}, ${t('left')} ${format.left}`).join('; ')}`}
          />
        </section>
        <section className="org-panel" aria-labelledby="org-checkin">
          <h3 id="org-checkin">{t('checkedIn')}</h3>
          <div className="org-doughnut">
            <ChartCanvas
              config={checkin}
              height={180}
              label={`${t('checkedIn')}: ${stats.totals.checked_in} ${t('of')} ${stats.totals.sold}`}
            />
            <p className="org-doughnut__figure">
              {stats.totals.checked_in} / {stats.totals.sold}
            </p>
          </div>
          <table className="org-table org-table--compact">
            <tbody>
              {stats.formats.map((format) => (
                <tr key={format.public_id}>
                  <td>{format.name}</td>
                  <td className="org-num">
                    {format.checked_in} / {format.sold}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="org-panel" aria-labelledby="org-promos">
          <h3 id="org-promos">{t('promocodeUse')}</h3>
          {stats.promocodes.length ? (
            <table className="org-table org-table--compact">
              <tbody>
                {stats.promocodes.map((code) => (
                  <tr key={code.code}>
                    <td>
                      <code>{code.code}</code>
                    </td>
                    <td className="org-num">
                      {code.used} / {code.max_uses}
                    </td>
                    <td className="org-num">−{rubles(code.discount, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="org-muted">—</p>
          )}
          <p className="org-muted">
            {t('gross')}: {rubles(stats.revenue.gross, language)} · {t('ordersCount')}: {stats.revenue.orders}
          </p>
        </section>
      </div>
    </div>
  );
}
