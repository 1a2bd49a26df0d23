import { useTranslation } from '../../../lib/i18n';
import '../../../locales/basket';

interface CountStepperProps {
  title: string;
  count: number;
  canDecrease: boolean;
  canIncrease: boolean;
  onChange: (direction: 1 | -1) => void;
}

/** Minus, the count, plus (ticketing-shop §4: counts change by a step). */
export function CountStepper({ title, count, canDecrease, canIncrease, onChange }: CountStepperProps) {
  const { t } = useTranslation();
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        disabled={!canDecrease}
        aria-label={t('basket.decrease', { title })}
        onClick={() => onChange(-1)}
      >
        −
      </button>
      <output className="stepper__value" aria-label={t('basket.count')} aria-live="polite">
        {count}
      </output>
      <button
        type="button"
        className="stepper__button"
        disabled={!canIncrease}
        aria-label={t('basket.increase', { title })}
        onClick={() => onChange(1)}
      >
        +
      </button>
    </div>
  );
}
