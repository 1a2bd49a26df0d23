import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useClub } from '../../features/clubs/api/get-club';
import { useClubCompetitions } from '../../features/clubs/api/get-club-competitions';
import { clubPath } from '../../features/clubs/api/schemas';
import { MembershipButton } from '../../features/clubs/components/membership-button';
import { useBreadcrumbTitle } from '../../lib/breadcrumbs';
import { formatDate } from '../../lib/dates';
import { placeName, useTranslation } from '../../lib/i18n';

function Competitions({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const competitions = useClubCompetitions(clubId);
  if (competitions.isPending) return <Loading />;
  if (competitions.isError) return <ErrorState error={competitions.error} onRetry={() => void competitions.refetch()} />;
  if (competitions.data.values.length === 0) return <EmptyState>{t('clubs.noCompetitions')}</EmptyState>;
  return (
    <ul className="stack">
      {competitions.data.values.map((competition) => (
        <li key={competition.public_id} className="card">
          <h3 className="card__title">{competition.title}</h3>
          <p className="muted">
            {competition.competition_type?.title}
            {competition.start_date && competition.end_date
              ? ` · ${formatDate(competition.start_date)} — ${formatDate(competition.end_date)}`
              : ''}
          </p>
          {competition.description ? <p>{competition.description}</p> : null}
          {competition.results && competition.results.length > 0 ? (
            <ScrollRegion label={t('clubs.resultsOf', { title: competition.title })}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('clubs.place')}</th>
                    <th scope="col">{t('clubs.participant')}</th>
                    <th scope="col">{t('clubs.value')}</th>
                  </tr>
                </thead>
                <tbody>
                  {competition.results.map((result) => (
                    <tr key={`${result.place}-${result.participant}`}>
                      <td>{result.place}</td>
                      <td>{result.participant}</td>
                      <td>{result.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function ClubPage() {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  useBreadcrumbTitle(club.data?.title);
  if (club.isPending) return <Loading />;
  if (club.isError) {
    return (
      <div className="container page">
        <ErrorState error={club.error} onRetry={() => void club.refetch()} />
        <Link to="/clubs">{t('clubs.back')}</Link>
      </div>
    );
  }
  const data = club.data;
  return (
    <div className="container page">
      <div className="club-head">
        {data.picture ? <img className="club-head__image" src={data.picture} alt="" width={200} height={200} /> : null}
        <div>
          <PageTitle lead={data.location ? placeName(data.location) : undefined}>{data.title}</PageTitle>
          {data.description ? <p>{data.description}</p> : null}
          <p className="actions">
            <MembershipButton club={data} />
            <Link to={`${clubPath(data)}/upload-result`} className="button button--secondary">
              {t('clubs.uploadResult')}
            </Link>
          </p>
        </div>
      </div>
      <section aria-labelledby="club-competitions">
        <h2 id="club-competitions">{t('clubs.competitions')}</h2>
        <Competitions clubId={data.public_id} />
      </section>
    </div>
  );
}
