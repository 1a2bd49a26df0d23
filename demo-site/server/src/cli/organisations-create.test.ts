import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { events, organisationMembers, organisations, users } from '../db/schema/index';
import { manualClock } from '../lib/clock';
import { stablePublicId } from '../lib/crypto';
import { openTemplateDatabase } from '../testing/fixtures';
import { createOrganisationCommand } from './organisations-create';

// The production way to make an organisation (issue 31): an owner with a confirmed e-mail, events given to it.
let database: DatabaseHandle;
const clock = manualClock(new Date('2026-05-01T07:00:00Z'));

beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('organisations:create', () => {
  it('makes an organisation with its owner and gives it an event', async () => {
    const event = stablePublicId('event:kids-league');
    const result = await createOrganisationCommand(
      ['--', '--name', 'Детская беговая лига', '--owner-email', 'VIP@geroi.example', '--events', event],
      database.db,
      clock,
    );
    expect(result.code, result.lines.join('\n')).toBe(0);
    expect(result.lines[0]).toMatch(/^Организация «Детская беговая лига» \([0-9a-f]{24}\): владелец vip@geroi\.example$/);
    const [organisation] = await database.db.select().from(organisations).where(eq(organisations.name, 'Детская беговая лига'));
    const [row] = await database.db.select().from(events).where(eq(events.publicId, event));
    expect(row!.organisationId).toBe(organisation!.id);
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@geroi.example'));
    const [member] = await database.db.select().from(organisationMembers).where(eq(organisationMembers.userId, owner!.id));
    expect(member).toMatchObject({ organisationId: organisation!.id, role: 'owner' });
  });

  it('refuses an unknown or unconfirmed owner, missing arguments and unknown events, clearly', async () => {
    const unknown = await createOrganisationCommand(['--name', 'X', '--owner-email', 'nobody@example.org'], database.db, clock);
    expect(unknown.code).toBe(1);
    expect(unknown.lines[0]).toContain('Нет аккаунта с подтверждённым адресом nobody@example.org');
    expect((await createOrganisationCommand(['--owner-email', 'vip@geroi.example'], database.db, clock)).code).toBe(2);
    expect((await createOrganisationCommand(['--name', 'X', '--bogus'], database.db, clock)).code).toBe(2);
    const missing = await createOrganisationCommand(
      ['--name', 'Y', '--owner-email', 'vip@geroi.example', '--events', 'nope'],
      database.db,
      clock,
    );
    expect(missing.code).toBe(1);
    expect(missing.lines.at(-1)).toBe('Не найдены события: nope');
  });
});
