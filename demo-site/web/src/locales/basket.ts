// Importing this module registers the basket feature's Russian texts: every module that shows them
// imports it, so they load with the feature's chunks and not with the shell (English, a lazy chunk
// of its own, holds them already).
import { addFeatureMessages } from '../lib/i18n';
import { basketRu } from './basket.ru';

addFeatureMessages('basket', basketRu);
