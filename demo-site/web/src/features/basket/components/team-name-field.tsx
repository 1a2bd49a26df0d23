import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { basketKey, type TicketLine } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import '../../../locales/basket';

/** ticketing-shop §7 / the server's payment schema: a team ticket may carry the team's name (up to 100 characters). */
export const TEAM_NAME_MAX = 100;

/**
 * The team's name for a team ticket, kept on the line and sent as `team_name` with the payment; left
 * empty, the server numbers the team («Команда N»).
 */
export function TeamNameField({ ticket }: { ticket: TicketLine }) {
  const { t } = useTranslation();
  const id = useId();
  const key = basketKey(ticket);
  return (
    <div className="field basket-line__team-name">
      <label htmlFor={`${id}-team`}>{t('basket.teamName')}</label>
      <input
        id={`${id}-team`}
        value={ticket.team_name ?? ''}
        maxLength={TEAM_NAME_MAX}
        autoComplete="off"
        aria-describedby={`${id}-team-hint`}
        onChange={(event) => {
          const value = event.target.value;
          basketActions.apply((goods) => updateLine(goods, key, { team_name: value === '' ? null : value } as Partial<TicketLine>));
        }}
      />
      <p id={`${id}-team-hint`} className="field-hint">
        {t('basket.teamNameHint')}
      </p>
    </div>
  );
}
