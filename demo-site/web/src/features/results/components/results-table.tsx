import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useTranslation } from '../../../lib/i18n';
import type { ResultRow } from '../api/get-event-results';
import { participantName, visibleColumns } from '../columns';

export function ResultsTable({ rows, caption }: { rows: ResultRow[]; caption: string }) {
  const { t } = useTranslation();
  const columns = visibleColumns(rows);
  return (
    <ScrollRegion label={caption}>
      <table className="table results-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('results.columns.participant')}</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.public_id}>
              <th scope="row">{participantName(row) || '—'}</th>
              {columns.map((column) => (
                <td key={column.key}>{row[column.key] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
