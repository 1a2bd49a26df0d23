import { useTranslation } from '../../../lib/i18n';
import type { Policy } from '../api/get-insurances';
import { insuredName, policyPhone, policyStart, validityDays } from '../policy';
import '../../../locales/cabinet';

/** One policy (accounts-sso §2.12): logo, number, type, start, validity, the insured, phone, terms. */
export function PolicyCard({ policy, headingLevel = 3 }: { policy: Policy; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { info, insurance } = policy;
  return (
    <article className="card">
      {insurance.logo ? <img className="insurance-card__logo" src={insurance.logo} alt="" width={64} height={64} loading="lazy" /> : null}
      <Heading className="card__title">{insurance.name}</Heading>
      {info.number != null ? <p className="ticket-card__meta">{t('cabinet.insurances.number', { number: info.number })}</p> : null}
      <dl className="facts">
        <dt>{t('cabinet.insurances.start')}</dt>
        <dd>{policyStart(info.start_date)}</dd>
        <dt>{t('cabinet.insurances.validityLabel')}</dt>
        <dd>{t('cabinet.insurances.validity', { count: validityDays(insurance.validity_time) })}</dd>
        {insuredName(info) ? (
          <>
            <dt>{t('cabinet.insurances.insured')}</dt>
            <dd>{insuredName(info)}</dd>
          </>
        ) : null}
        {info.phone ? (
          <>
            <dt>{t('cabinet.insurances.phone')}</dt>
            <dd>{policyPhone(info.phone)}</dd>
          </>
        ) : null}
      </dl>
      {insurance.legals ? (
        <a href={insurance.legals} target="_blank" rel="noreferrer">
          {t('cabinet.insurances.terms')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      ) : null}
    </article>
  );
}
