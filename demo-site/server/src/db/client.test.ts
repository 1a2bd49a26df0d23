import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { isDatabaseUnavailable, openPostgres } from './client';

it('a database host that takes the connection but does not answer within the connect timeout is unavailable (503), not a 500', async () => {
  // A host that accepts and then says nothing (a database too busy to finish the handshake).
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
  const { port } = silent.address() as { port: number };
  const handle = await openPostgres(`postgres://nobody@127.0.0.1:${port}/none`, { connectionTimeoutMs: 200 });
  try {
    const error = await handle.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect((error as { cause?: Error }).cause?.message).toBe('timeout expired');
    expect(isDatabaseUnavailable(error)).toBe(true);
  } finally {
    await handle.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((closed) => silent.close(closed));
  }
});
