import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insurances } from '../../db/schema/index';
import { found } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { presentInsurance } from './present';

export async function listInsurances(db: Database, language: ContentLanguage) {
  const rows = await db.select().from(insurances).orderBy(asc(insurances.sort));
  return rows.map((row) => presentInsurance(row, language));
}

export async function getInsurance(db: Database, publicId: string, language: ContentLanguage) {
  const [row] = await db.select().from(insurances).where(eq(insurances.publicId, publicId));
  return presentInsurance(found(row), language);
}
