import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api-client';
import { useIsAuthenticated } from '../../../lib/auth';
import { formatTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { basketKey, type TicketChoice, type TicketLine } from '../../basket/basket-items';
import { updateLine } from '../../basket/basket-model';
import { basketActions } from '../../basket/basket-store';
import { getSpacePlaces, getSpaceSectors, getStartNumbers, holdSpacePlace, holdStartNumber, type SpacePlace } from '../api/choices';
import { seatGrid, stepSeat } from '../seat-grid';
import '../../../locales/basket';
import './choices.css';

/** Whether a line's choice still holds at `now` (the server's 10 minutes, from the hold's answer). */
export const choiceHeld = (choice: TicketChoice | null | undefined, now: number): choice is TicketChoice =>
  Boolean(choice && Date.parse(choice.heldUntil) > now);

/**
 * A ticket line's start number (formats with `start_numbers`) or seat (`space` formats): the chosen one
 * with its hold, and a button that opens the picker. Choosing asks the server to hold it for the
 * signed-in buyer (10 minutes); only the choice is kept on the line and sent with the payment — the
 * server gives the held number or seat to the ticket, the buyer never writes them into it.
 */
export function TicketChoicePicker({ ticket, kind }: { ticket: TicketLine; kind: 'number' | 'seat' }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const choice = ticket.choice?.kind === kind ? ticket.choice : null;
  const held = choiceHeld(choice, now);

  // The hold's end is shown, and a hold that ran out says so (checked every 15 s while one is shown).
  useEffect(() => {
    if (!choice) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [choice]);

  const save = (next: TicketChoice) =>
    basketActions.apply((goods) =>
      updateLine(goods, basketKey(ticket), {
        choice: next,
        // A seat's hold and the basket's 10-minute hold of space tickets run from the same moment.
        ...(next.kind === 'seat' ? { addTicketToBasketTime: Date.now() } : {}),
      } as Partial<TicketLine>),
    );

  const label = kind === 'number' ? t('basket.choices.number') : t('basket.choices.seat');
  return (
    <div className="ticket-choice">
      <p className="ticket-choice__title">{label}</p>
      {held && choice ? (
        <p className="ticket-choice__value" role="status">
          <strong>
            {choice.kind === 'number'
              ? t('basket.choices.numberChosen', { number: choice.number })
              : t('basket.choices.seatChosen', { sector: choice.sector, row: choice.row, place: choice.place })}
          </strong>{' '}
          <span className="field-hint">{t('basket.choices.heldUntil', { time: formatTime(choice.heldUntil) })}</span>
        </p>
      ) : choice ? (
        <p className="field-error" role="alert">
          {t('basket.choices.expired')}
        </p>
      ) : null}
      {signedIn ? (
        <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
          {kind === 'number'
            ? held
              ? t('basket.choices.changeNumber')
              : t('basket.choices.chooseNumber')
            : held
              ? t('basket.choices.changeSeat')
              : t('basket.choices.chooseSeat')}
        </button>
      ) : (
        <p className="field-hint">
          <Link to="/login">{t('basket.choices.signIn')}</Link>
        </p>
      )}
      {ticket.count > 1 ? <p className="field-hint">{t('basket.choices.oneTicket')}</p> : null}
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title={kind === 'number' ? t('basket.choices.chooseNumber') : t('basket.choices.seatMap')}
          className="dialog--wide"
        >
          {kind === 'number' ? (
            <NumberPicker
              formatId={ticket.format_public_id}
              current={held && choice?.kind === 'number' ? choice.number : null}
              onChosen={(next) => {
                save(next);
                setNow(Date.now());
                setOpen(false);
              }}
            />
          ) : (
            <SeatMap
              formatId={ticket.format_public_id}
              onChosen={(next) => {
                save(next);
                setNow(Date.now());
                setOpen(false);
              }}
            />
          )}
        </Dialog>
      ) : null}
    </div>
  );
}

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.status === 400 && error.message ? error.message : fallback;

/** The free start numbers as buttons (a filter narrows a long list); choosing one holds it. */
function NumberPicker({
  formatId,
  current,
  onChosen,
}: {
  formatId: string;
  current: number | null;
  onChosen: (choice: TicketChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const numbers = useQuery({
    queryKey: ['start-numbers', formatId],
    queryFn: ({ signal }) => getStartNumbers(formatId, signal),
    staleTime: 0,
    meta: { globalErrors: false },
  });
  const [filter, setFilter] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const free = useMemo(
    () => (numbers.data?.free_numbers ?? []).filter((number) => filter.trim() === '' || String(number).includes(filter.trim())),
    [numbers.data, filter],
  );

  const choose = async (number: number) => {
    setPending(true);
    setMessage(null);
    try {
      const held = await holdStartNumber(formatId, number);
      onChosen({ kind: 'number', number: held.number, heldUntil: held.held_until });
    } catch (error) {
      setMessage(messageOf(error, t('errors.generic')));
      void numbers.refetch();
    } finally {
      setPending(false);
    }
  };

  if (numbers.isPending) return <p>{t('basket.choices.loading')}</p>;
  if (numbers.isError) return <ErrorState error={numbers.error} onRetry={() => void numbers.refetch()} />;
  return (
    <div className="number-picker">
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('basket.choices.numberFilter')}</label>
        <input
          id={`${id}-filter`}
          inputMode="numeric"
          value={filter}
          onChange={(event) => setFilter(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <h3 id={`${id}-free`} className="number-picker__title">
        {t('basket.choices.freeNumbers')}
      </h3>
      {free.length === 0 ? <p>{t('basket.choices.noFree')}</p> : null}
      <ul className="number-picker__list" aria-labelledby={`${id}-free`}>
        {free.map((number) => (
          <li key={number}>
            <button
              type="button"
              className="number-picker__number"
              aria-pressed={number === current}
              disabled={pending}
              onClick={() => void choose(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The seat map: a tab per sector, rows of seats as buttons (a taken seat is announced and cannot be
 * chosen). One seat is in the tab order; the arrow keys move along rows and between them.
 */
function SeatMap({ formatId, onChosen }: { formatId: string; onChosen: (choice: TicketChoice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const sectors = useQuery({
    queryKey: ['space-sectors', formatId],
    queryFn: ({ signal }) => getSpaceSectors(formatId, signal),
    staleTime: 0,
    meta: { globalErrors: false },
  });
  const places = useQuery({
    queryKey: ['space-places', formatId],
    queryFn: ({ signal }) => getSpacePlaces(formatId, signal),
    staleTime: 0,
    meta: { globalErrors: false },
  });
  const [sector, setSector] = useState<string | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const current = sector ?? sectors.data?.values[0]?.sector ?? null;
  const rows = useMemo(() => seatGrid(places.data?.values ?? [], current), [places.data, current]);
  const focusId =
    focus && rows.some((row) => row.seats.some((seat) => seat.public_id === focus)) ? focus : (rows[0]?.seats[0]?.public_id ?? null);

  const choose = async (seat: SpacePlace) => {
    if (!seat.free && !seat.mine) return;
    setPending(true);
    setMessage(null);
    try {
      const held = await holdSpacePlace(formatId, seat.public_id);
      onChosen({ kind: 'seat', ...held.place, heldUntil: held.held_until });
    } catch (error) {
      setMessage(messageOf(error, t('errors.generic')));
      void places.refetch();
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focusId) return;
    const next = stepSeat(rows, focusId, event.key);
    if (!next) return;
    event.preventDefault();
    setFocus(next);
    grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${next}"]`)?.focus();
  };

  if (sectors.isPending || places.isPending) return <p>{t('basket.choices.loading')}</p>;
  if (sectors.isError) return <ErrorState error={sectors.error} onRetry={() => void sectors.refetch()} />;
  if (places.isError) return <ErrorState error={places.error} onRetry={() => void places.refetch()} />;
  return (
    <div className="seat-map">
      <div role="tablist" aria-label={t('basket.choices.seatMap')} className="seat-map__sectors">
        {sectors.data.values.map((entry) => (
          <button
            key={entry.sector}
            type="button"
            role="tab"
            id={`${id}-tab-${entry.sector}`}
            aria-selected={entry.sector === current}
            aria-controls={`${id}-panel`}
            tabIndex={entry.sector === current ? 0 : -1}
            className="seat-map__sector"
            onClick={() => setSector(entry.sector)}
            onKeyDown={(event) => {
              const list = sectors.data.values;
              const index = list.findIndex((candidate) => candidate.sector === entry.sector);
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = list[(index + step + list.length) % list.length]!;
              setSector(next.sector);
              document.getElementById(`${id}-tab-${next.sector}`)?.focus();
            }}
          >
            {t('basket.choices.sectorFree', { sector: entry.sector, free: entry.free_count, total: entry.total_count })}
          </button>
        ))}
      </div>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={current ? `${id}-tab-${current}` : undefined} className="seat-map__panel">
        <p className="seat-map__stage" aria-hidden="true">
          {t('basket.choices.stage')}
        </p>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the seat buttons inside */}
        <div ref={grid} className="seat-map__rows" onKeyDown={onKeyDown}>
          {rows.map((row) => (
            <fieldset key={row.row} aria-label={t('basket.choices.row', { row: row.row })} className="seat-map__row">
              <span className="seat-map__row-label" aria-hidden="true">
                {row.row}
              </span>
              <div className="seat-map__seats">
                {row.seats.map((seat) => {
                  const taken = !seat.free && !seat.mine;
                  const state = seat.mine ? t('basket.choices.seatMine') : taken ? t('basket.choices.seatTaken') : null;
                  return (
                    <button
                      key={seat.public_id}
                      type="button"
                      data-seat={seat.public_id}
                      className={`seat${taken ? ' seat--taken' : ''}${seat.mine ? ' seat--mine' : ''}`}
                      tabIndex={seat.public_id === focusId ? 0 : -1}
                      aria-label={`${t('basket.choices.seatLabel', { row: seat.row, place: seat.place })}${state ? `, ${state}` : ''}`}
                      aria-disabled={taken || pending ? true : undefined}
                      aria-pressed={seat.mine ? true : undefined}
                      onFocus={() => setFocus(seat.public_id)}
                      onClick={() => void choose(seat)}
                    >
                      {seat.place}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <ul className="seat-map__legend">
          <li>
            <span className="seat seat--sample" aria-hidden="true" /> {t('basket.choices.legendFree')}
          </li>
          <li>
            <span className="seat seat--taken seat--sample" aria-hidden="true" /> {t('basket.choices.legendTaken')}
          </li>
          <li>
            <span className="seat seat--mine seat--sample" aria-hidden="true" /> {t('basket.choices.legendMine')}
          </li>
        </ul>
      </div>
    </div>
  );
}
