import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useButtonLock, useTimedMessage } from '../../../lib/use-timed-message';
import { realEmailProblem } from '../api/real-email';
import {
  changeEmail,
  confirmPhone,
  type Proof,
  requestPhoneCode,
  requestProofCode,
  resendEmailConfirmation,
  type User,
  useSettingsCall,
} from '../api/user';
import { EMAIL_PATTERN, emailAction } from '../rules';
import { errorText, SectionMessage } from './section-message';
import '../../../locales/cabinet';

/**
 * The proof the server asks before the way into the account changes: the current password, or — for
 * an account without one (SMS, GID, social) — a code sent to its current contact.
 */
function ProofField({ user, value, onChange }: { user: User; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSettingsCall(requestProofCode);
  if (user.has_password !== false) {
    return (
      <div className="field">
        <label htmlFor={id}>{t('cabinet.settings.proofPassword')}</label>
        <input id={id} type="password" autoComplete="current-password" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
    );
  }
  return (
    <div className="field">
      <button type="button" className="button button--secondary button--small" disabled={send.isPending} onClick={() => send.mutate()}>
        {t('cabinet.settings.proofGetCode')}
      </button>
      {send.data ? <p className="field-hint">{t('cabinet.settings.proofSent', { to: send.data.to ?? '' })}</p> : null}
      {send.error ? <p className="field-error">{errorText(send.error)}</p> : null}
      <label htmlFor={id}>{t('cabinet.settings.proofCode')}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

const proofOf = (user: User, value: string): Proof =>
  value === '' ? {} : user.has_password !== false ? { current_password: value } : { proof_code: value };

/** E-mail (accounts-sso §4.6, §5): confirm, change or add; the address is checked on leaving the field. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const action = emailAction(user);
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  // The address as typed now: a real-address answer about an older one is not shown.
  const latestEmail = useRef('');
  latestEmail.current = email;
  const [proof, setProof] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const resend = useSettingsCall(resendEmailConfirmation);
  const change = useSettingsCall(changeEmail);
  const { message, show } = useTimedMessage();
  const { locked, lock } = useButtonLock();
  const inputId = useId();
  const errorId = useId();

  const check = (value: string): string | null => {
    const address = value.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) return t('cabinet.settings.emailInvalid');
    if (address === user.email?.toLowerCase()) return t('cabinet.settings.emailSame');
    return null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lock();
    const error = check(email);
    setFieldError(error);
    if (error) return;
    change.mutate(
      { email: email.trim(), ...proofOf(user, proof) },
      {
        onSuccess: () => {
          setRequested(true);
          setEditing(false);
          setProof('');
          show(t('cabinet.settings.emailSent', { email: email.trim() }));
        },
        onError: (failure) => show(errorText(failure), true),
      },
    );
  };
  const notConfirmed = requested || (user.email && !user.email_confirmed);
  return (
    <section className="settings-section" aria-labelledby="settings-email">
      <h2 id="settings-email">{t('cabinet.settings.email')}</h2>
      {user.email ? <p>{user.email}</p> : null}
      {notConfirmed ? <p className="message message--error">{t('cabinet.settings.emailNotConfirmed')}</p> : null}
      {user.email && user.email_confirmed && !requested ? <p className="muted">{t('cabinet.settings.emailConfirmed')}</p> : null}
      {action === 'confirm' && !editing ? (
        <p className="actions">
          <button
            type="button"
            className="button button--small"
            disabled={locked || resend.isPending}
            onClick={() => {
              lock();
              resend.mutate(user.email ?? '', {
                onSuccess: (answer) => show(answer.message),
                onError: (failure) => show(errorText(failure), true),
              });
            }}
          >
            {t('cabinet.settings.emailConfirm')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
            {t('cabinet.settings.emailChange')}
          </button>
        </p>
      ) : null}
      {action !== 'confirm' && !editing ? (
        <button type="button" className="button button--small" onClick={() => setEditing(true)}>
          {action === 'change' ? t('cabinet.settings.emailChange') : t('cabinet.settings.emailAdd')}
        </button>
      ) : null}
      {editing ? (
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={inputId}>{t('cabinet.settings.emailNew')}</label>
            <input
              id={inputId}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => {
                const local = email ? check(email) : null;
                setFieldError(local);
                // accounts-sso §5: a well-formed address is checked as a real one on blur («Укажите действительный адрес»).
                if (email && !local) {
                  const checked = email;
                  void realEmailProblem(checked.trim().toLowerCase()).then((problem) => {
                    if (problem) setFieldError((current) => (current === null && checked === latestEmail.current ? problem : current));
                  });
                }
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            {fieldError ? (
              <p id={errorId} className="field-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <ProofField user={user} value={proof} onChange={setProof} />
          <button type="submit" className="button" disabled={locked || change.isPending}>
            {t('cabinet.settings.emailSend')}
          </button>
        </form>
      ) : null}
      <SectionMessage message={message} />
    </section>
  );
}

/**
 * Phone (accounts-sso §4.6): the new number → «Получить код» → the code field appears and the number
 * is read-only; four digits submit by themselves; «Изменить номер» goes back to editing.
 */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [proof, setProof] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const ask = useSettingsCall(requestPhoneCode);
  const confirm = useSettingsCall(confirmPhone);
  const { message, show } = useTimedMessage();
  const { locked, lock } = useButtonLock();
  const ids = { phone: useId(), code: useId(), error: useId() };

  const requestCode = (event: FormEvent) => {
    event.preventDefault();
    lock();
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 11 || digits.length > 12) {
      setFieldError(t('cabinet.settings.phoneInvalid'));
      return;
    }
    setFieldError(null);
    ask.mutate(
      { phone: digits, ...proofOf(user, proof) },
      { onSuccess: () => setSentTo(digits), onError: (failure) => show(errorText(failure), true) },
    );
  };
  const enterCode = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 4);
    setCode(digits);
    if (value !== '' && !/^\d{0,4}$/.test(value)) setFieldError(t('cabinet.settings.phoneCodeError'));
    else setFieldError(null);
    if (digits.length === 4 && sentTo) {
      confirm.mutate(
        { phone: sentTo, phone_code: digits },
        {
          onSuccess: () => {
            setSentTo(null);
            setPhone('');
            setProof('');
            setCode('');
            show(t('cabinet.settings.phoneConfirmed'));
          },
          onError: (failure) => show(errorText(failure), true),
        },
      );
    }
  };
  return (
    <section className="settings-section" aria-labelledby="settings-phone">
      <h2 id="settings-phone">{t('cabinet.settings.phone')}</h2>
      {user.phone ? <p>+{user.phone}</p> : null}
      {sentTo ? (
        <p className="message message--error">{t('cabinet.settings.phoneNotConfirmed')}</p>
      ) : user.phone && user.phone_confirmed ? (
        <p className="muted">{t('cabinet.settings.phoneConfirmed')}</p>
      ) : null}
      <form className="form" onSubmit={requestCode} noValidate>
        <div className="field">
          <label htmlFor={ids.phone}>{t('cabinet.settings.phoneNew')}</label>
          <input
            id={ids.phone}
            type="tel"
            autoComplete="tel"
            value={phone}
            readOnly={sentTo !== null}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? ids.error : undefined}
          />
        </div>
        {sentTo ? (
          <>
            <div className="field">
              <label htmlFor={ids.code}>{t('cabinet.settings.phoneCode')}</label>
              <input
                id={ids.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => enterCode(event.target.value)}
                disabled={confirm.isPending}
              />
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setSentTo(null);
                setCode('');
              }}
            >
              {t('cabinet.settings.phoneEdit')}
            </button>
          </>
        ) : (
          <>
            <ProofField user={user} value={proof} onChange={setProof} />
            <button type="submit" className="button" disabled={locked || ask.isPending}>
              {t('cabinet.settings.phoneGetCode')}
            </button>
          </>
        )}
        {fieldError ? (
          <p id={ids.error} className="field-error">
            {fieldError}
          </p>
        ) : null}
      </form>
      <SectionMessage message={message} />
    </section>
  );
}
