import { describe, expect, it } from 'vitest';
import type { Club } from './api/schemas';
import { compareTitles, initialClubSort, matchesClub, sortClubs, toggleClubSort, truncateDescription } from './my-clubs';

const club = (title: string, created_date: string, extra: Partial<Club> = {}): Club => ({
  public_id: title,
  public_name: title.toLowerCase(),
  title,
  description: null,
  picture: null,
  created_date,
  ...extra,
});

describe('my clubs (accounts-sso §2.11)', () => {
  const clubs = [
    club('Runners', '2024-03-01', { description: 'Бегаем по утрам' }),
    club('Ёжики', '2024-01-01', { location: { name_ru: 'Казань' } }),
    club('Альпинисты', '2024-02-01'),
    club('alpha', '2024-04-01'),
  ];

  it('search matches any part of the record, case aside', () => {
    expect(clubs.filter((item) => matchesClub(item, 'утрам')).map((item) => item.title)).toEqual(['Runners']);
    expect(clubs.filter((item) => matchesClub(item, 'казань')).map((item) => item.title)).toEqual(['Ёжики']);
    expect(clubs.filter((item) => matchesClub(item, 'ALP')).map((item) => item.title)).toEqual(['alpha']);
    expect(clubs.filter((item) => matchesClub(item, '  '))).toHaveLength(4);
  });

  it('Cyrillic before Latin, alphabetical inside each', () => {
    expect([...clubs].map((item) => item.title).sort(compareTitles)).toEqual(['Альпинисты', 'Ёжики', 'alpha', 'Runners']);
  });

  it('starts by created date; each click on a toggle flips its direction', () => {
    expect(sortClubs(clubs, initialClubSort).map((item) => item.title)).toEqual(['Ёжики', 'Альпинисты', 'Runners', 'alpha']);
    const byDateDesc = toggleClubSort(initialClubSort, 'date');
    expect(byDateDesc).toEqual({ by: 'date', direction: 'desc' });
    expect(sortClubs(clubs, byDateDesc).map((item) => item.title)).toEqual(['alpha', 'Runners', 'Альпинисты', 'Ёжики']);
    const byName = toggleClubSort(byDateDesc, 'name');
    expect(sortClubs(clubs, byName).map((item) => item.title)).toEqual(['Альпинисты', 'Ёжики', 'alpha', 'Runners']);
    expect(sortClubs(clubs, toggleClubSort(byName, 'name')).map((item) => item.title)).toEqual(['Runners', 'alpha', 'Ёжики', 'Альпинисты']);
  });

  it('cuts descriptions with «...» past the limit only', () => {
    expect(truncateDescription('а'.repeat(130), 130)).toBe('а'.repeat(130));
    expect(truncateDescription('а'.repeat(131), 130)).toBe(`${'а'.repeat(130)}...`);
    expect(truncateDescription('б'.repeat(71), 70)).toBe(`${'б'.repeat(70)}...`);
  });
});
