import { useEffect, useRef } from 'react';
import type { CheckinAnswer } from '../api/staff';

/** A short tone and a buzz where the browser allows them: one high beep for green, two low for red. */
let audio: AudioContext | null = null;

function signal(ok: boolean) {
  try {
    navigator.vibrate?.(ok ? 120 : [250, 100, 250]);
  } catch {
    // Vibration not allowed here.
  }
  try {
    const AudioContextClass = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    // One context for the scanner's life: making one per scan costs a phone tens of milliseconds.
    audio ??= new AudioContextClass();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const context = audio;
    const beep = (at: number, frequency: number) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.2;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + at);
      oscillator.stop(context.currentTime + at + 0.15);
    };
    if (ok) beep(0, 1200);
    else {
      beep(0, 300);
      beep(0.25, 300);
    }
  } catch {
    // Sound not allowed before a gesture: the screen says it all.
  }
}

/** The full-screen answer a volunteer reads at arm's length: green with the participant, red with the reason. */
export function ScanAnswer({ answer, onNext, onAgain }: { answer: CheckinAnswer; onNext: () => void; onAgain?: () => void }) {
  const ok = answer.status === 'ok';
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    performance.mark('checkin-answer');
    signal(ok);
    next.current?.focus();
  }, [ok]);
  return (
    <div className={`checkin-answer checkin-answer--${ok ? 'ok' : 'refused'}`} role="alert" aria-label={ok ? 'Проходите' : 'Отказ'}>
      <p className="checkin-answer__head">{ok ? 'Проходите' : answer.reason}</p>
      {answer.ticket ? (
        <div className="checkin-answer__ticket">
          <p className="checkin-answer__name">{answer.ticket.participant}</p>
          <p>{answer.ticket.format}</p>
          <p className="checkin-answer__number">№ {answer.ticket.number}</p>
        </div>
      ) : null}
      <button ref={next} type="button" className="checkin-answer__next" onClick={onNext}>
        Дальше
      </button>
      {onAgain ? (
        <button type="button" className="checkin-answer__again" onClick={onAgain}>
          Проверить ещё раз
        </button>
      ) : null}
    </div>
  );
}
