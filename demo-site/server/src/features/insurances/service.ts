import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insurances } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { presentInsurance } from './present';

export async function listInsurances(db: Database) {
  const rows = await db.select().from(insurances).orderBy(asc(insurances.sort));
  return rows.map(presentInsurance);
}

export async function getInsurance(db: Database, publicId: string) {
  const [row] = await db.select().from(insurances).where(eq(insurances.publicId, publicId));
  return presentInsurance(found(row));
}
