import type { ResultRow } from './api/get-event-results';

/**
 * The columns of a results table, labelled as accounts-sso §9 lists them: distance, status, start
 * and finish time, places (overall, gender, age, category), team name, start number, net, official,
 * penalty and bonus times. A column shows only when some row has a value for it.
 */
export const resultColumns = [
  { key: 'start_number', label: 'results.columns.startNumber' },
  { key: 'team_name', label: 'results.columns.teamName' },
  { key: 'distance', label: 'results.columns.distance' },
  { key: 'status', label: 'results.columns.status' },
  { key: 'start_time', label: 'results.columns.startTime' },
  { key: 'finish_time', label: 'results.columns.finishTime' },
  { key: 'place_overall', label: 'results.columns.placeOverall' },
  { key: 'place_gender', label: 'results.columns.placeGender' },
  { key: 'place_age', label: 'results.columns.placeAge' },
  { key: 'place_category', label: 'results.columns.placeCategory' },
  { key: 'net_time', label: 'results.columns.netTime' },
  { key: 'official_time', label: 'results.columns.officialTime' },
  { key: 'penalty_time', label: 'results.columns.penaltyTime' },
  { key: 'bonus_time', label: 'results.columns.bonusTime' },
] as const satisfies readonly { key: keyof ResultRow; label: `results.columns.${string}` }[];

export type ResultColumn = (typeof resultColumns)[number];

export function visibleColumns(rows: ResultRow[]): ResultColumn[] {
  return resultColumns.filter((column) =>
    rows.some((row) => row[column.key] !== null && row[column.key] !== undefined && row[column.key] !== ''),
  );
}

export const participantName = (row: ResultRow) => [row.last_name, row.first_name].filter(Boolean).join(' ');
