import type { Club } from './api/schemas';

/** accounts-sso §2.11: free-text search over the whole club record, case-insensitive. */
export function matchesClub(club: Club, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('ru');
  if (!needle) return true;
  const text = Object.values(club)
    .flatMap((value) => (value && typeof value === 'object' ? Object.values(value) : [value]))
    .filter((value) => value !== null && value !== undefined)
    .join(' ')
    .toLocaleLowerCase('ru');
  return text.includes(needle);
}

/** Cyrillic letters first, then Latin, then everything else (accounts-sso §2.11). */
function scriptRank(char: string): number {
  if (/\p{Script=Cyrillic}/u.test(char)) return 0;
  if (/\p{Script=Latin}/u.test(char)) return 1;
  return 2;
}

/** Compares two titles letter by letter: by script (Cyrillic before Latin), then alphabetically, case aside. */
export function compareTitles(a: string, b: string): number {
  const left = [...a.toLocaleLowerCase('ru')];
  const right = [...b.toLocaleLowerCase('ru')];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x === y) continue;
    const byScript = scriptRank(x) - scriptRank(y);
    if (byScript !== 0) return byScript;
    const byLetter = x.localeCompare(y, 'ru');
    if (byLetter !== 0) return byLetter;
  }
  return left.length - right.length;
}

export type ClubSort = { by: 'date' | 'name'; direction: 'asc' | 'desc' };

/** accounts-sso §2.11: the initial order is by created date. */
export const initialClubSort: ClubSort = { by: 'date', direction: 'asc' };

/** A click on a sort toggle: the same toggle flips its direction; the other one starts ascending. */
export function toggleClubSort(current: ClubSort, by: ClubSort['by']): ClubSort {
  if (current.by === by) return { by, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { by, direction: 'asc' };
}

export function sortClubs(clubs: readonly Club[], sort: ClubSort): Club[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const time = (club: Club) => (club.created_date ? Date.parse(club.created_date) : 0);
  return [...clubs].sort((a, b) => sign * (sort.by === 'date' ? time(a) - time(b) : compareTitles(a.title, b.title)));
}

/** accounts-sso §2.11, §9: descriptions cut to 130 characters, 70 on screens up to 768 px wide, with «...». */
export const DESCRIPTION_LIMIT = { wide: 130, narrow: 70 } as const;
export const NARROW_QUERY = '(max-width: 768px)';

export function truncateDescription(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
