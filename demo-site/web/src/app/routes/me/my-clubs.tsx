import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { useUserClubs } from '../../../features/clubs/api/get-user-clubs';
import { type Club, clubPath } from '../../../features/clubs/api/schemas';
import {
  type ClubSort,
  DESCRIPTION_LIMIT,
  initialClubSort,
  matchesClub,
  NARROW_QUERY,
  sortClubs,
  toggleClubSort,
  truncateDescription,
} from '../../../features/clubs/my-clubs';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

/** Whether the screen is at most 768 px wide (accounts-sso §9), following resizes. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia?.(NARROW_QUERY);
      query?.addEventListener('change', listener);
      return () => query?.removeEventListener('change', listener);
    },
    () => window.matchMedia?.(NARROW_QUERY).matches ?? false,
    () => false,
  );
}

function MyClubCard({ club, limit }: { club: Club; limit: number }) {
  const { t } = useTranslation();
  return (
    <article className="card club-card">
      {club.picture ? <img className="club-card__image" src={club.picture} alt="" width={160} height={160} loading="lazy" /> : null}
      <div>
        <h2 className="card__title">{club.title}</h2>
        {club.description ? <p className="club-card__description">{truncateDescription(club.description, limit)}</p> : null}
        <Link to={clubPath(club)} className="button button--small" aria-label={`${t('cabinet.clubs.open')}: ${club.title}`}>
          {t('cabinet.clubs.open')}
        </Link>
      </div>
    </article>
  );
}

/** /me/club, «Клубы» (accounts-sso §2.11). */
export default function MyClubs() {
  const { t } = useTranslation();
  const clubs = useUserClubs(true);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ClubSort>(initialClubSort);
  const narrow = useNarrow();
  const searchId = useId();
  const shown = useMemo(
    () =>
      sortClubs(
        (clubs.data?.values ?? []).filter((club) => matchesClub(club, query)),
        sort,
      ),
    [clubs.data, query, sort],
  );
  const direction = (by: ClubSort['by']) =>
    sort.by === by ? ` (${sort.direction === 'asc' ? t('cabinet.clubs.ascending') : t('cabinet.clubs.descending')})` : '';
  return (
    <CabinetFrame title={t('cabinet.clubs.title')}>
      {clubs.isPending ? <Loading /> : null}
      {clubs.isError ? <ErrorState error={clubs.error} onRetry={() => void clubs.refetch()} /> : null}
      {clubs.data && clubs.data.values.length === 0 ? (
        <EmptyState>
          <p>{t('cabinet.clubs.empty')}</p>
          <Link to="/clubs" className="button">
            {t('cabinet.clubs.choose')}
          </Link>
        </EmptyState>
      ) : null}
      {clubs.data && clubs.data.values.length > 0 ? (
        <>
          <div className="cabinet-toolbar">
            <div className="field">
              <label htmlFor={searchId} className="sr-only">
                {t('cabinet.clubs.search')}
              </label>
              <input
                id={searchId}
                type="search"
                placeholder={t('cabinet.clubs.searchPlaceholder')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-pressed={sort.by === 'date'}
              onClick={() => setSort(toggleClubSort(sort, 'date'))}
            >
              {t('cabinet.clubs.sortByDate')}
              {direction('date')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-pressed={sort.by === 'name'}
              onClick={() => setSort(toggleClubSort(sort, 'name'))}
            >
              {t('cabinet.clubs.sortByName')}
              {direction('name')}
            </button>
          </div>
          {shown.length === 0 ? <EmptyState>{t('cabinet.clubs.notFound')}</EmptyState> : null}
          <ul className="card-grid card-grid--2">
            {shown.map((club) => (
              <li key={club.public_id}>
                <MyClubCard club={club} limit={narrow ? DESCRIPTION_LIMIT.narrow : DESCRIPTION_LIMIT.wide} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </CabinetFrame>
  );
}
