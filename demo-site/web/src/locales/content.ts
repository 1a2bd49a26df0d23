// Importing this module registers the Russian texts of the pages about the league (locales/content.ru.ts):
// every such page imports it, so the texts, a third of the shell's Russian, load with them.
import { addFeatureMessages } from '../lib/i18n';
import { contentRu } from './content.ru';

addFeatureMessages('content', contentRu);
