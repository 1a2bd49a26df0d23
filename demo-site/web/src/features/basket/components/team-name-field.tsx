import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useTeams } from '../api/teams';
import { basketKey, type TicketLine } from '../basket-items';
import { syncInsuranceCounts, updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import '../../../locales/basket';

/** ticketing-shop §7 / the server's payment schema: a team ticket may carry the team's name (up to 100 characters). */
export const TEAM_NAME_MAX = 100;

const patchLine = (ticket: TicketLine, patch: Partial<TicketLine>) =>
  basketActions.apply((goods) => syncInsuranceCounts(updateLine(goods, basketKey(ticket), patch)));

/**
 * The team line of a team ticket: a new team (its name, optional — the server numbers an unnamed
 * team «Команда N»; sent as `team_count` new teams) or an existing team of the format to join
 * (GET /api/teams/{format_public_id}; sent as `team_public_id`, one member at a time up to its free places).
 */
export function TeamNameField({ ticket }: { ticket: TicketLine }) {
  const { t } = useTranslation();
  const id = useId();
  const joining = Boolean(ticket.team_public_id) || ticket.team_title === '';
  const teams = useTeams(ticket.format_public_id, joining);
  const open = (teams.data?.values ?? []).filter((team) => team.free_places > 0 || team.public_id === ticket.team_public_id);
  const teamLabel = (team: { name: string; free_places: number }) =>
    t('basket.teamJoin.option', { name: team.name, count: team.free_places });

  const chooseNew = () =>
    patchLine(ticket, {
      team_public_id: null,
      team_title: null,
      team_free: null,
      // A new team is bought whole again when the format sells whole teams.
      count: ticket.fixed_count ? Math.max(1, ticket.max_count) : ticket.count,
    });
  // The empty title marks «joining, no team chosen yet» (the payment stays blocked until one is).
  const chooseJoin = () => patchLine(ticket, { team_title: '', team_public_id: null, team_free: null, team_name: null });

  return (
    <fieldset className="basket-line__team">
      <legend>{t('basket.teamJoin.legend')}</legend>
      <div className="basket-line__team-modes">
        <label>
          <input type="radio" name={`${id}-mode`} checked={!joining} onChange={chooseNew} /> {t('basket.teamJoin.new')}
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={joining} onChange={chooseJoin} /> {t('basket.teamJoin.join')}
        </label>
      </div>
      {joining ? (
        <div className="field">
          <label htmlFor={`${id}-existing`}>{t('basket.teamJoin.choose')}</label>
          <select
            id={`${id}-existing`}
            value={ticket.team_public_id ?? ''}
            aria-describedby={`${id}-existing-hint`}
            onChange={(event) => {
              const team = open.find((candidate) => candidate.public_id === event.target.value);
              if (!team) return;
              patchLine(ticket, {
                team_public_id: team.public_id,
                team_title: team.name,
                team_free: team.free_places,
                team_name: null,
                count: Math.min(Math.max(1, ticket.count), team.free_places),
              });
            }}
          >
            <option value="" disabled>
              {teams.isPending ? t('basket.teamJoin.loading') : t('basket.teamJoin.placeholder')}
            </option>
            {open.map((team) => (
              <option key={team.public_id} value={team.public_id}>
                {teamLabel(team)}
              </option>
            ))}
          </select>
          <p id={`${id}-existing-hint`} className="field-hint">
            {teams.isSuccess && open.length === 0 ? t('basket.teamJoin.none') : t('basket.teamJoin.joinHint')}
          </p>
        </div>
      ) : (
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
              patchLine(ticket, { team_name: value === '' ? null : value });
            }}
          />
          <p id={`${id}-team-hint`} className="field-hint">
            {t('basket.teamNameHint')}
          </p>
        </div>
      )}
    </fieldset>
  );
}
