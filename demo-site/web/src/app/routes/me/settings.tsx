import { ErrorState, Loading } from '../../../components/ui/states';
import { isUnproven } from '../../../features/settings/api/links';
import { useUser } from '../../../features/settings/api/user';
import { EmailSection, PhoneSection } from '../../../features/settings/components/contact-sections';
import { LinksSection } from '../../../features/settings/components/links-section';
import { GenderSection, MailingSection, ProfileSection } from '../../../features/settings/components/profile-sections';
import { ContactSection, PasswordSection } from '../../../features/settings/components/security-sections';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

/** /me/setting (accounts-sso §2.9): every section in the spec's order. */
export default function Settings() {
  const { t } = useTranslation();
  const user = useUser();
  const data = user.data?.user;
  return (
    <CabinetFrame title={t('cabinet.settings.title')}>
      {user.isPending ? <Loading /> : null}
      {user.isError ? <ErrorState error={user.error} onRetry={() => void user.refetch()} /> : null}
      {data ? (
        <div key={data.public_id}>
          {isUnproven(data) ? (
            // The guest checkout's account: nothing that adds a way in until the address is proven (issue 20),
            // nor a profile a stranger could fill in for the address's owner to trust (issue 33).
            <>
              <EmailSection user={data} />
              <p className="notice notice--error" role="alert">
                {t('cabinet.settings.unproven')}
              </p>
            </>
          ) : (
            <>
              <MailingSection user={data} />
              <ProfileSection user={data} />
              <EmailSection user={data} />
              <PhoneSection user={data} />
              <PasswordSection user={data} />
              <GenderSection user={data} />
              <ContactSection user={data} />
              <LinksSection user={data} />
            </>
          )}
        </div>
      ) : null}
    </CabinetFrame>
  );
}
