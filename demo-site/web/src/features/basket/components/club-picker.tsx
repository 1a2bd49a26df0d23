import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/basket';
import { useClubs } from '../../clubs/api/get-clubs';
import { basketKey, type TicketLine } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';

/**
 * «Участвовать в клубе» (ticketing-shop §4): a popup listing the clubs; the chosen one is stored on the
 * ticket (sent as `club` with the payment) and can be removed. The list is one column below 768 px.
 */
export function ClubPicker({ ticket }: { ticket: TicketLine }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const clubs = useClubs();
  const key = basketKey(ticket);
  const choose = (club: { public_id: string; title: string } | null) => {
    basketActions.apply((goods) => updateLine(goods, key, { club } as Partial<TicketLine>));
    setOpen(false);
  };
  return (
    <div className="club-picker">
      {ticket.club ? (
        <p className="club-picker__chosen">
          {t('basket.club.chosen', { title: ticket.club.title })}{' '}
          <button type="button" className="link-button" onClick={() => choose(null)}>
            {t('basket.club.remove')}
          </button>
        </p>
      ) : (
        <button type="button" className="button button--secondary button--small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {t('basket.club.open')}
        </button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={t('basket.club.title')} className="club-picker__dialog">
        <ul className="club-picker__list">
          {(clubs.data?.values ?? []).map((club) => (
            <li key={club.public_id}>
              <button
                type="button"
                className="club-picker__option"
                onClick={() => choose({ public_id: club.public_id, title: club.title })}
              >
                <span className="club-picker__name">{club.title}</span>
                {club.location?.name_ru ? <span className="club-picker__place">{club.location.name_ru}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
