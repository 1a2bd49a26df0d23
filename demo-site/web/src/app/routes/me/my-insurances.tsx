import { useSearchParams } from 'react-router';
import { Disclosure } from '../../../components/ui/disclosure';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { usePolicies } from '../../../features/insurances/api/get-insurances';
import { InsurancePopup } from '../../../features/insurances/components/insurance-popup';
import { PolicyCard } from '../../../features/insurances/components/policy-card';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

function Policies({ which, empty }: { which: 'valid' | 'past'; empty: string }) {
  const policies = usePolicies(which);
  if (policies.isPending) return <Loading />;
  if (policies.isError) return <ErrorState error={policies.error} onRetry={() => void policies.refetch()} />;
  if (policies.data.values.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="cabinet-list">
      {policies.data.values.map((policy) => (
        <li key={policy.public_id}>
          <PolicyCard policy={policy} headingLevel={which === 'valid' ? 2 : 3} />
        </li>
      ))}
    </ul>
  );
}

/** /me/insurances, «Страховки» (accounts-sso §2.12): active policies, then the past ones on click. */
export default function MyInsurances() {
  const { t } = useTranslation();
  // ?buy=1 (the side menu's promo card) opens the purchase popup.
  const [params, setParams] = useSearchParams();
  const buying = params.get('buy') === '1';
  const setBuying = (open: boolean) => setParams(open ? { buy: '1' } : {}, { replace: true });
  return (
    <CabinetFrame title={t('cabinet.insurances.title')}>
      <p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setBuying(true)}>
          {t('cabinet.insurances.buy')}
        </button>
      </p>
      <InsurancePopup open={buying} onClose={() => setBuying(false)} />
      <Policies which="valid" empty={t('cabinet.insurances.empty')} />
      <Disclosure title={t('cabinet.insurances.past')}>
        <Policies which="past" empty={t('cabinet.insurances.pastEmpty')} />
      </Disclosure>
    </CabinetFrame>
  );
}
