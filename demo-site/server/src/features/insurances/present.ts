import type { insurances } from '../../db/schema/index';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

type InsuranceRow = typeof insurances.$inferSelect;

/**
 * ticketing-shop §3 insurance offer. `isStartDate` is the string the basket reads: 'false' means the
 * user picks the start date.
 */
export const presentInsurance = (row: InsuranceRow, language: ContentLanguage = 'ru') => {
  const insurance = inLanguage(row, language);
  return {
    public_id: insurance.publicId,
    name: insurance.name,
    title: insurance.title,
    subtitle: insurance.subtitle,
    description: insurance.description,
    footnote: insurance.footnote,
    legals: insurance.legals,
    logo: insurance.logo,
    price: toRubles(insurance.price),
    default: insurance.isDefault,
    activation_delay: insurance.activationDelay,
    validity_time: insurance.validityTime,
    isStartDate: insurance.userPicksStart ? 'false' : 'true',
  };
};
