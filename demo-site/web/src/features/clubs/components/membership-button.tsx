import { Link } from 'react-router';
import { useIsAuthenticated } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { useUserClubs } from '../api/get-user-clubs';
import { useJoinClub } from '../api/join-club';
import { useLeaveClub } from '../api/leave-club';
import type { Club } from '../api/schemas';

/** Join or leave a club (signed-in users); guests are offered the sign-in. */
export function MembershipButton({ club }: { club: Club }) {
  const { t } = useTranslation();
  const authenticated = useIsAuthenticated();
  const mine = useUserClubs(authenticated);
  const join = useJoinClub();
  const leave = useLeaveClub();
  if (!authenticated) {
    return (
      <Link to="/login" className="button">
        {t('clubs.signInToJoin')}
      </Link>
    );
  }
  const member = mine.data?.values.some((candidate) => candidate.public_id === club.public_id) ?? false;
  const busy = mine.isPending || join.isPending || leave.isPending;
  return (
    <button
      type="button"
      className={member ? 'button button--secondary' : 'button'}
      disabled={busy}
      aria-pressed={member}
      onClick={() => (member ? leave.mutate(club.public_id) : join.mutate(club.public_id))}
    >
      {member ? t('clubs.leave') : t('clubs.join')}
    </button>
  );
}
