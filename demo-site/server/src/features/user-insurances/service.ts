import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insurances, tickets, userInsurances } from '../../db/schema/index';
import { type ContentLanguage, inLanguage } from '../../lib/language';

type PolicyRow = typeof userInsurances.$inferSelect;
type InsuranceRow = typeof insurances.$inferSelect;

/** A policy covers [start_date, start_date + validity_time); a cancelled (refunded) one covers nothing. */
export const policyValid = (policy: PolicyRow, insurance: InsuranceRow, now: Date): boolean =>
  policy.status === 'valid' && policy.startDate.getTime() + insurance.validityTime * 1000 >= now.getTime();

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** accounts-sso §3 insurance record. The insured's name falls back to the ticket's participant. */
function presentPolicy(policy: PolicyRow, insurance: InsuranceRow, ticketInfo: Record<string, unknown> | null) {
  const field = (name: string) => text(policy.info[name]) ?? text(ticketInfo?.[name]);
  return {
    public_id: policy.publicId,
    status: policy.status,
    info: {
      number: policy.number,
      start_date: policy.startDate.toISOString(),
      last_name: field('last_name'),
      first_name: field('first_name'),
      second_name: field('second_name'),
      phone: field('phone'),
    },
    insurance: {
      public_id: insurance.publicId,
      name: insurance.name,
      title: insurance.title,
      logo: insurance.logo,
      validity_time: insurance.validityTime,
      legals: insurance.legals,
    },
  };
}

/** GET /api/user/insurances/{valid|past}: valid ones soonest first, past ones latest first; the offer's texts in `language`. */
export async function listPolicies(db: Database, now: Date, userId: number, which: 'valid' | 'past', language: ContentLanguage = 'ru') {
  const rows = await db
    .select({ policy: userInsurances, insurance: insurances, ticketInfo: tickets.info })
    .from(userInsurances)
    .innerJoin(insurances, eq(insurances.id, userInsurances.insuranceId))
    .leftJoin(tickets, eq(tickets.id, userInsurances.ticketId))
    .where(eq(userInsurances.userId, userId))
    .orderBy(asc(userInsurances.startDate), asc(userInsurances.id));
  const chosen = rows.filter((row) => policyValid(row.policy, row.insurance, now) === (which === 'valid'));
  if (which === 'past') chosen.reverse();
  return chosen.map((row) => presentPolicy(row.policy, inLanguage(row.insurance, language), row.ticketInfo));
}
