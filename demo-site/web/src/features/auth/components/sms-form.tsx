import { useEffect, useId, useRef, useState } from 'react';
import { MaskedInput } from '../../../components/ui/masked-input';
import { useTranslation } from '../../../lib/i18n';
import { phoneMask } from '../../../lib/masks';
import { failureMessage } from '../api/messages';
import type { SignedIn } from '../api/schemas';
import { loginByPhone, registerByPhone, requestSmsCode } from '../api/sign-in-calls';
import { phoneDigits, secondsLeft, smsCodeProblem } from '../rules';
import { Busy } from './busy';
import { ConsentCheckbox } from './consent-checkbox';
import '../../../locales/auth';

/** accounts-sso §9 / the server's cooldown: a new code can be asked for a minute after the last. */
export const SMS_RESEND_SECONDS = 60;

interface SmsFormProps {
  /** `login`: PUT /api/auth/phone; `register`: POST /api/user/phone with the consent checkbox. */
  mode: 'login' | 'register';
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
}

/**
 * Sign-in or registration by phone (accounts-sso §2.3, §4.2, §5): step 1 the phone (checked before
 * the code is asked for) and «Получить код»; step 2 «Введите код из СМС» (exactly 4 digits) and
 * «Войти», with the resend cooldown counted down. Focusing a field clears its error; the server's
 * refusal is shown in the form; nothing typed is lost.
 */
export function SmsForm({ mode, onSignedIn }: SmsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [consent, setConsent] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const codeInput = useRef<HTMLInputElement>(null);
  const register = mode === 'register';
  const wait = secondsLeft(resendAt, now);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const checkConsent = () => {
    if (register && !consent) {
      setConsentError(t('auth.errors.consent'));
      return false;
    }
    return true;
  };

  const askCode = async () => {
    setServerError(null);
    const digits = phoneDigits(phone);
    const consentOk = checkConsent();
    if (!digits) {
      setPhoneError(phone.trim() === '' ? t('auth.errors.required') : t('auth.errors.phone'));
      return;
    }
    if (!consentOk) return;
    setSending(true);
    try {
      await requestSmsCode({ phone: `+${digits}`, registration: register });
      setSentTo(phone);
      setResendAt(Date.now() + SMS_RESEND_SECONDS * 1000);
      setNow(Date.now());
      queueMicrotask(() => codeInput.current?.focus());
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  const submitCode = async () => {
    setServerError(null);
    const digits = phoneDigits(phone);
    if (!digits) {
      setPhoneError(t('auth.errors.phone'));
      return;
    }
    const problem = code === '' ? 'code' : smsCodeProblem(code);
    if (problem) {
      setCodeError(t('auth.errors.code'));
      return;
    }
    if (!checkConsent()) return;
    setSending(true);
    try {
      const body = { phone: `+${digits}`, phone_code: code };
      const signedIn = register ? await registerByPhone({ ...body, mailing }) : await loginByPhone(body);
      await onSignedIn(signedIn);
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  const codeStep = sentTo !== null;
  return (
    <form
      className="form auth-form"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void (codeStep ? submitCode() : askCode());
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-phone`}>{register ? t('auth.registration.phone') : t('auth.login.phone')}</label>
        <MaskedInput
          id={`${id}-phone`}
          mask={phoneMask}
          value={phone}
          onValueChange={(value) => {
            setPhone(value);
            if (sentTo !== null && value !== sentTo) {
              // Another number: the code sent to the old one is no use.
              setSentTo(null);
              setCode('');
            }
          }}
          onFocus={() => setPhoneError(null)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (999) 000-00-00"
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
        />
        {phoneError ? (
          <p id={`${id}-phone-error`} className="field-error">
            {phoneError}
          </p>
        ) : null}
      </div>

      {register ? (
        <div className="field">
          <ConsentCheckbox
            id={`${id}-consent`}
            error={consentError}
            inputProps={{
              checked: consent,
              onChange: (event) => {
                setConsent(event.target.checked);
                if (event.target.checked) setConsentError(null);
              },
            }}
          />
          <label className="checkbox">
            <input type="checkbox" checked={mailing} onChange={(event) => setMailing(event.target.checked)} />
            <span>{t('auth.registration.mailing')}</span>
          </label>
        </div>
      ) : null}

      {codeStep ? (
        <>
          <p className="field-hint" role="status">
            {t('auth.login.codeSent', { phone: sentTo })}
          </p>
          <div className="field">
            <label htmlFor={`${id}-code`}>{t('auth.login.code')}</label>
            <input
              ref={codeInput}
              id={`${id}-code`}
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              onChange={(event) => {
                const value = event.target.value.replace(/\s/g, '');
                setCode(value);
                // accounts-sso §5: an empty field clears the error; otherwise it shows as typed.
                setCodeError(smsCodeProblem(value) && (value.length >= 4 || /\D/.test(value)) ? t('auth.errors.code') : null);
              }}
              onFocus={() => setCodeError(null)}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${id}-code-error` : undefined}
            />
            {codeError ? (
              <p id={`${id}-code-error`} className="field-error">
                {codeError}
              </p>
            ) : null}
          </div>
        </>
      ) : null}

      {serverError ? (
        <p className="notice notice--error" role="alert">
          {serverError}
        </p>
      ) : null}

      <div className="actions">
        {codeStep ? (
          <>
            <button type="submit" className="button" disabled={sending}>
              {t('auth.login.submit')}
              <Busy on={sending} />
            </button>
            <button type="button" className="button button--secondary" disabled={sending || wait > 0} onClick={() => void askCode()}>
              {t('auth.login.getCode')}
            </button>
          </>
        ) : (
          <button type="submit" className="button" disabled={sending}>
            {t('auth.login.getCode')}
            <Busy on={sending} />
          </button>
        )}
      </div>
      {codeStep && wait > 0 ? <p className="field-hint">{t('auth.login.codeAgainIn', { seconds: wait })}</p> : null}
    </form>
  );
}
