import { useState } from 'react';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useClubs } from '../../features/clubs/api/get-clubs';
import { ClubCard } from '../../features/clubs/components/club-card';
import { SupportPopup } from '../../features/support/components/support-popup';
import { useTranslation } from '../../lib/i18n';

export default function Clubs() {
  const { t } = useTranslation();
  const clubs = useClubs();
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="container page">
      <PageTitle lead={t('clubs.lead')}>{t('clubs.title')}</PageTitle>
      <p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setSupportOpen(true)}>
          {t('clubs.createClub')}
        </button>
      </p>
      <SupportPopup open={supportOpen} onClose={() => setSupportOpen(false)} />
      {clubs.isPending ? <Loading /> : null}
      {clubs.isError ? <ErrorState error={clubs.error} onRetry={() => void clubs.refetch()} /> : null}
      {clubs.data && clubs.data.values.length === 0 ? <EmptyState>{t('clubs.empty')}</EmptyState> : null}
      {clubs.data && clubs.data.values.length > 0 ? (
        <ul className="card-grid card-grid--2">
          {clubs.data.values.map((club) => (
            <li key={club.public_id}>
              <ClubCard club={club} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
