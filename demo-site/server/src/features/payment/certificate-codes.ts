import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates, issuedCertificates, orders } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

export const certificateCodeMessages = {
  notFound: 'Сертификат не найден',
  notPaid: 'Сертификат не оплачен',
  used: 'Сертификат уже использован',
  onlyCertificates: 'Сертификатом нельзя оплатить другие сертификаты',
  enterCode: 'Введите код сертификата',
} as const;

/** A code as the buyer may type it: upper case, with or without the dashes. */
export const normalizeCode = (code: string): string => {
  const bare = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : code.trim().toUpperCase();
};

/** GET /api/certificates: the gift certificates on sale (amounts and pictures). Prices in rubles. */
export async function listCertificates(db: Database, language: ContentLanguage) {
  const rows = await db.select().from(certificates).where(eq(certificates.active, true)).orderBy(asc(certificates.price));
  return rows
    .map((row) => inLanguage(row, language))
    .map((row) => ({
      public_id: row.publicId,
      title: row.title,
      description: row.description,
      picture: row.picture,
      price: toRubles(row.price),
    }));
}

async function findCode(db: Database, code: string, lock: boolean) {
  const query = db
    .select({ certificate: issuedCertificates, status: orders.status })
    .from(issuedCertificates)
    .innerJoin(orders, eq(orders.id, issuedCertificates.orderId))
    .where(eq(issuedCertificates.code, normalizeCode(code)));
  const [row] = lock ? await query.for('update', { of: issuedCertificates }) : await query;
  return row ?? null;
}

/** What a code has left, in kopecks, or the refusal: unknown, its order not paid (or refunded), nothing left. */
function usable(row: Awaited<ReturnType<typeof findCode>>): { id: number; left: number } {
  if (!row) throw badRequest(certificateCodeMessages.notFound);
  if (row.status !== 'paid') throw badRequest(certificateCodeMessages.notPaid);
  const left = row.certificate.amount - row.certificate.spent;
  if (left <= 0) throw badRequest(certificateCodeMessages.used);
  return { id: row.certificate.id, left };
}

/** GET /api/certificate/check/{code}: what a bought certificate has left (rubles), or the refusal. */
export async function checkCertificateCode(db: Database, code: string) {
  const { left } = usable(await findCode(db, code, false));
  return { code: normalizeCode(code), left: toRubles(left) };
}

/**
 * Spends a certificate on an order inside the payment's transaction: the code's row is locked, its
 * order must be paid, and it pays what it has left up to `payable` (kopecks, certificates aside). Two
 * payments with one code at once wait for each other; the second sees what the first left.
 */
export async function redeemCertificate(tx: Database, code: string, payable: number): Promise<{ id: number; amount: number }> {
  const { id, left } = usable(await findCode(tx, code, true));
  if (payable <= 0) throw badRequest(certificateCodeMessages.onlyCertificates);
  const amount = Math.min(left, payable);
  await tx
    .update(issuedCertificates)
    .set({ spent: sql`${issuedCertificates.spent} + ${amount}` })
    .where(eq(issuedCertificates.id, id));
  return { id, amount };
}

/** Gives back what an order that did not go through (or was refunded) spent of a certificate. */
export async function restoreCertificate(tx: Database, order: { certificateId: number | null; certificateAmount: number }) {
  if (order.certificateId === null || order.certificateAmount <= 0) return;
  await tx
    .update(issuedCertificates)
    .set({ spent: sql`greatest(0, ${issuedCertificates.spent} - ${order.certificateAmount})` })
    .where(eq(issuedCertificates.id, order.certificateId));
}

/** Spends it again for a payment that arrived after its hold expired; false when it no longer has enough. */
export async function respendCertificate(tx: Database, order: { certificateId: number | null; certificateAmount: number }) {
  if (order.certificateId === null || order.certificateAmount <= 0) return true;
  const rows = await tx
    .update(issuedCertificates)
    .set({ spent: sql`${issuedCertificates.spent} + ${order.certificateAmount}` })
    .where(
      and(
        eq(issuedCertificates.id, order.certificateId),
        sql`${issuedCertificates.spent} + ${order.certificateAmount} <= ${issuedCertificates.amount}`,
      ),
    )
    .returning({ id: issuedCertificates.id });
  return rows.length > 0;
}
