// The floor of a purchase: only the writes one must make, in one transaction — the order (pending,
// with its hold's end), its line, the stock decrement under the row lock — and nothing else. The
// payment bench serves it from a bare Fastify process (payment-floor.mjs); the rush runs 1,000 at once.

/** One floor purchase of one place of `formatId` (the row id) on a pooled `pg` client; throws when none is left. */
export async function floorPurchase(client, formatId, key) {
  await client.query('begin');
  try {
    const order = await client.query(
      "insert into orders (public_id, email, status, amount, payment_id, created_at, expires_at) values ($1, $2, 'pending', 150000, $3, now(), now() + interval '15 minutes') returning id",
      [`floor_${key}`, `floor_${key}@bench.example`, `pay_floor_${key}`],
    );
    await client.query(
      "insert into order_items (order_id, kind, format_id, stock_kind, count, unit_price, total) values ($1, 'ticket', $2, 'athlete', 1, 150000, 150000)",
      [order.rows[0].id, formatId],
    );
    const stock = await client.query(
      "update format_stock set taken = taken + 1 where format_id = $1 and kind = 'athlete' and taken + 1 <= capacity returning taken",
      [formatId],
    );
    if (stock.rowCount === 0) throw new Error('sold out');
    await client.query('commit');
    return order.rows[0].id;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
