import { useId, useState } from 'react';
import type { CheckinAnswer } from '../api/staff';
import { clockTime, searchTickets } from '../decide';
import { useCheckin } from '../use-checkin';
import { ScanAnswer } from './answer';
import { Camera } from './camera';

const DEVICE_KEY = 'checkinDevice';

/** The scanner of one event city: status, camera, a hand scanner's input, the manual search, the answer. */
export function Scanner({ eventCityId, onLeave }: { eventCityId: string; onLeave: () => void }) {
  const [device, setDevice] = useState(() => localStorage.getItem(DEVICE_KEY) ?? 'Стойка 1');
  const { state, scan } = useCheckin(eventCityId, device);
  const [answer, setAnswer] = useState<CheckinAnswer | null>(null);
  const [fromCamera, setFromCamera] = useState(false);
  const [rearm, setRearm] = useState(0);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const deviceId = useId();
  const codeId = useId();
  const searchId = useId();

  const run = async (text: string, ticketId?: string, camera = false) => {
    // The bench measures from here (a decoded frame or a typed code) to the answer on screen (answer.tsx).
    performance.mark('checkin-decoded');
    setBusy(true);
    setFromCamera(camera);
    try {
      setAnswer(await scan(text, ticketId));
    } catch {
      setAnswer({ status: 'refused', reason: 'Ошибка проверки, повторите', ticket: null });
    } finally {
      setBusy(false);
    }
  };
  const found = state.event ? searchTickets(state.event, query) : [];

  return (
    <section className="checkin" aria-label="Сканер билетов">
      <header className="checkin__bar">
        <p className="checkin__title">{state.title || 'Загрузка списка…'}</p>
        <p role="status" className={`checkin__network checkin__network--${state.online ? 'online' : 'offline'}`}>
          {state.online ? 'В сети' : 'Нет сети'} · Ожидают отправки: {state.waiting}
        </p>
        {state.counts ? (
          <p className="checkin__counts">
            Отмечено: {state.counts.checked} из {state.counts.total}
          </p>
        ) : null}
        <button type="button" className="checkin__leave" onClick={onLeave}>
          Сменить событие
        </button>
      </header>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {state.conflicts.length > 0 ? (
        <section className="checkin__conflicts" aria-label="После синхронизации">
          <h2>После синхронизации</h2>
          <ul>
            {state.conflicts.map((conflict, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows
              <li key={i}>
                {conflict.number !== null ? `№ ${conflict.number} ` : ''}
                {conflict.participant}: {conflict.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {state.repeats.length > 0 && state.event ? (
        <section className="checkin__conflicts" aria-label="Повторные сканирования">
          <h2>Повторные сканирования</h2>
          <ul>
            {state.repeats.map((repeat) => (
              <li key={repeat.ticketId}>
                № {repeat.number} {repeat.participant}: отмечен в {clockTime(repeat.first.c, state.event!.timezone)}
                {repeat.first.d ? `, ${repeat.first.d}` : ''}; повторно{' '}
                {repeat.repeats.map((again) => `в ${clockTime(again.c, state.event!.timezone)}${again.d ? `, ${again.d}` : ''}`).join('; ')}
                {repeat.count > repeat.repeats.length ? ` (всего ${repeat.count})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {state.ready ? <Camera paused={answer !== null || busy} rearm={rearm} onCode={(text) => void run(text, undefined, true)} /> : null}
      <form
        className="checkin__row"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) void run(typed).then(() => setTyped(''));
        }}
      >
        <label htmlFor={codeId}>Код с ручного сканера</label>
        <input id={codeId} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" disabled={!state.ready} />
        <button type="submit" disabled={!state.ready || busy}>
          Проверить
        </button>
      </form>
      <div className="checkin__row">
        <label htmlFor={searchId}>Номер или фамилия</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} disabled={!state.ready} />
      </div>
      {query.trim() ? (
        <ul className="checkin__found" aria-label="Найденные билеты">
          {found.length === 0 ? <li>Ничего не найдено</li> : null}
          {found.map((entry) => (
            <li key={entry.id}>
              <button type="button" disabled={busy} onClick={() => void run('', entry.id)}>
                Отметить № {entry.n} {entry.p}
              </button>
              {entry.c ? ' (отмечен)' : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="checkin__row">
        <label htmlFor={deviceId}>Стойка</label>
        <input
          id={deviceId}
          value={device}
          maxLength={60}
          onChange={(event) => {
            setDevice(event.target.value);
            localStorage.setItem(DEVICE_KEY, event.target.value);
          }}
        />
      </div>
      {answer ? (
        <ScanAnswer
          answer={answer}
          onNext={() => setAnswer(null)}
          onAgain={
            fromCamera
              ? () => {
                  setRearm((count) => count + 1);
                  setAnswer(null);
                }
              : undefined
          }
        />
      ) : null}
    </section>
  );
}
