import { Link } from 'react-router';
import { placeName, useTranslation } from '../../../lib/i18n';
import { type Club, clubPath } from '../api/schemas';

export function ClubCard({ club }: { club: Club }) {
  const { t } = useTranslation();
  return (
    <article className="card club-card">
      {club.picture ? <img className="club-card__image" src={club.picture} alt="" width={160} height={160} loading="lazy" /> : null}
      <div>
        <h2 className="card__title">
          <Link to={clubPath(club)} className="stretched-link">
            {club.title}
          </Link>
        </h2>
        {club.location ? <p className="muted">{placeName(club.location)}</p> : null}
        {typeof club.members_count === 'number' ? <p className="muted">{t('clubs.members', { count: club.members_count })}</p> : null}
        {club.description ? <p className="club-card__description">{club.description}</p> : null}
      </div>
    </article>
  );
}
