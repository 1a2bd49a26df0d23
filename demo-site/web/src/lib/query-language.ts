import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from './i18n';

/**
 * Server data follows the site's language: the API answers the catalogue in the language each call
 * asks in (lib/content-language.ts), so on a change the queries on screen are fetched again (their
 * old answers stay shown until the new ones come, no blank screen) and those nobody shows are dropped
 * (they would show the old language first when next used). A fetch still running in the old language
 * is cancelled by the refetch, so an old answer never lands after the change.
 */
export function refetchOnLanguageChange(client: QueryClient, i18n: I18n): () => void {
  let current: string = i18n.language;
  const onChange = (language: string) => {
    if (language === current) return;
    current = language;
    client.removeQueries({ type: 'inactive' });
    void client.invalidateQueries({ type: 'active' });
  };
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
