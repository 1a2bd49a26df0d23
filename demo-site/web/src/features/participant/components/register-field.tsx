import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { FieldError, fieldControlProps } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';
import { REGISTER_SEARCH_MIN, type RegisterEntry, registerEntriesQuery, registerRegionsQuery } from '../api/obrnadzor';
import '../../../locales/basket';

/** How long typing pauses before the register is asked (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 250;

export interface RegisterFieldProps {
  /** The control's id (the label's target; the error's id derives from it). */
  id: string;
  label: string;
  /** The text in the field: an organisation's short name once one is chosen. */
  value: string;
  /** Every change: the text, and whether it is an organisation chosen from the register. */
  onChange: (text: string, chosen: boolean) => void;
  onBlur?: (() => void) | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * A format's additional field that asks for a school or institution (`register: 'obrnadzor'`): a
 * combobox over the state education register. Typing searches it (GET /api/obrnadzor/search/{text});
 * a region (GET /api/obrnadzor/regions) narrows the search or, with nothing typed, lists its
 * organisations (GET /api/obrnadzor/region/{name}). Arrow keys move through the list, Enter chooses,
 * Escape closes; the chosen organisation's short name is the answer the server checks.
 */
export function RegisterField({ id, label, value, onChange, onBlur, error, disabled }: RegisterFieldProps) {
  const { t } = useTranslation();
  const own = useId();
  const listId = `${own}-list`;
  const hintId = `${own}-hint`;
  const [region, setRegion] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [term, setTerm] = useState('');
  const text = value.trim();

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const regions = useQuery({ ...registerRegionsQuery(), enabled: !disabled });
  const entries = useQuery({
    ...registerEntriesQuery(term.length >= REGISTER_SEARCH_MIN ? term : '', region),
    enabled: open && (term.length >= REGISTER_SEARCH_MIN || region !== ''),
  });
  const options = open ? (entries.data ?? []) : [];
  const waiting = open && (entries.isFetching || (text !== term && text.length >= REGISTER_SEARCH_MIN));

  useEffect(() => {
    if (active >= 0) document.getElementById(`${own}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, own]);

  const choose = (entry: RegisterEntry) => {
    onChange(entry.short_name, true);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault(); // the choice, not the form's submit
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !open
    ? null
    : waiting
      ? t('basket.participant.register.searching')
      : entries.isError
        ? t('basket.participant.register.failed')
        : term.length < REGISTER_SEARCH_MIN && region === ''
          ? t('basket.participant.register.typeMore', { count: REGISTER_SEARCH_MIN })
          : entries.data && options.length === 0
            ? t('basket.participant.register.nothing')
            : entries.data
              ? t('basket.participant.register.found', { count: options.length })
              : null;

  const control = fieldControlProps(id, error, hintId);
  return (
    <div className="field register-field">
      <label htmlFor={id}>{label}</label>
      <div className="register-field__row">
        <select
          aria-label={t('basket.participant.register.region')}
          value={region}
          disabled={disabled}
          onChange={(event) => {
            setRegion(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
        >
          <option value="">{t('basket.participant.register.allRegions')}</option>
          {(regions.data ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <input
          {...control}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${own}-option-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value, false);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div id={listId} role="listbox" aria-label={label} className="register-field__list" hidden={options.length === 0}>
        {options.map((entry, index) => (
          <div
            key={entry.public_id}
            tabIndex={-1}
            id={`${own}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="register-field__option"
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(entry);
            }}
          >
            <span className="register-field__name">{entry.short_name}</span>
            <span className="register-field__meta">
              {entry.address} · {t('basket.participant.register.inn', { inn: entry.inn })}
            </span>
          </div>
        ))}
      </div>
      <p id={hintId} className="field-hint" aria-live="polite">
        {status ?? t('basket.participant.register.hint')}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
