import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/states';
import { useClub } from '../../features/clubs/api/get-club';
import { useCompetitionTypes } from '../../features/clubs/api/get-competition-types';
import { clubPath } from '../../features/clubs/api/schemas';
import { ResultUploadForm } from '../../features/clubs/components/result-upload-form';
import { removeToken, useIsAuthenticated } from '../../lib/auth';
import { useBreadcrumbTitle } from '../../lib/breadcrumbs';
import { useTranslation } from '../../lib/i18n';

/** /clubs/{id}/upload-result (accounts-sso §2.2): a member uploads a result to the club. */
export default function ClubUpload() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clubId = '' } = useParams();
  const authenticated = useIsAuthenticated();
  const club = useClub(clubId);
  const types = useCompetitionTypes();
  useBreadcrumbTitle(club.data?.title);

  const title = t('uploadResult.title');
  if (club.isPending || types.isPending) return <Loading />;
  if (club.isError || types.isError) {
    const failed = club.isError ? club : types;
    return (
      <div className="container page">
        <PageTitle>{title}</PageTitle>
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
        <Link to="/clubs">{t('clubs.back')}</Link>
      </div>
    );
  }
  return (
    <div className="container page">
      <PageTitle lead={club.data.title}>{title}</PageTitle>
      {authenticated ? (
        <ResultUploadForm
          clubId={club.data.public_id}
          types={types.data.values}
          onSignInNeeded={(forget) => {
            if (forget) removeToken();
            void navigate('/login');
          }}
        />
      ) : (
        <p className="notice">
          {t('uploadResult.signIn')} <Link to="/login">{t('uploadResult.signInLink')}</Link>
        </p>
      )}
      <p>
        <Link to={clubPath(club.data)}>{t('uploadResult.backToClub')}</Link>
      </p>
    </div>
  );
}
