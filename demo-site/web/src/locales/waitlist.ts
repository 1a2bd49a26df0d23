// Importing this module registers the waiting list's Russian texts (issue 35), as locales/basket.ts does
// for the basket: they load with the screens that show them, not with the shell.
import { addFeatureMessages } from '../lib/i18n';
import { waitlistRu } from './waitlist.ru';

addFeatureMessages('waitlist', waitlistRu);
