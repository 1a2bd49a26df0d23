import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateMask, parseMaskedDate, parseMaskedTime, phoneMask, timeMask } from '../../lib/masks';
import { loadIMask, MaskedInput } from './masked-input';

// imask comes in a chunk of its own, after the page's first paint: here it is there before typing,
// as it is for a person (the test below types before it comes).
beforeAll(() => loadIMask());

function Field({ mask, label, initial = '' }: { mask: Parameters<typeof MaskedInput>[0]['mask']; label: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="field">{label}</label>
      <MaskedInput id="field" mask={mask} value={value} onValueChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Очистить
      </button>
    </>
  );
}

const typeInto = async (label: string, mask: Parameters<typeof MaskedInput>[0]['mask'], text: string) => {
  const user = userEvent.setup();
  render(<Field mask={mask} label={label} />);
  const input = screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  await user.type(input, text);
  return { input, user };
};

describe('the date mask 99.99.9999 (ticketing-shop §5)', () => {
  it('puts the dots in and stops at ten characters', async () => {
    const { input } = await typeInto('Дата рождения', dateMask, '010219901234');
    expect(input.value).toBe('01.02.1990');
    expect(screen.getByTestId('value').textContent).toBe('01.02.1990');
  });

  it('takes digits only', async () => {
    const { input } = await typeInto('Дата рождения', dateMask, 'ab3x1');
    expect(input.value).toBe('31');
  });

  it('a value set from outside (a reset) clears the input', async () => {
    const { input, user } = await typeInto('Дата рождения', dateMask, '01021990');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(input.value).toBe('');
  });

  it.each([
    ['01.02.1990', '1990-02-01'],
    ['29.02.2024', '2024-02-29'],
    ['29.02.2023', null],
    ['31.04.2024', null],
    ['00.01.2024', null],
    ['01.13.2024', null],
    ['01.02.199', null],
    ['', null],
  ])('parseMaskedDate(%s) → %s', (value, iso) => {
    expect(parseMaskedDate(value)?.toISOString().slice(0, 10) ?? null).toBe(iso);
  });
});

describe('the phone mask by country prefix (ticketing-shop §5)', () => {
  it.each([
    ['79991234567', '+7 (999) 123-45-67'],
    ['+7 (999) 123-45-67', '+7 (999) 123-45-67'],
    ['77011234567', '+7 (701) 123-45-67'],
    ['375291234567', '+375 (29) 123-45-67'],
    ['992931234567', '+992 93 123-45-67'],
    ['7999123456789', '+7 (999) 123-45-67'],
  ])('%s → %s', async (typed, shown) => {
    const { input } = await typeInto('Телефон', phoneMask, typed);
    expect(input.value).toBe(shown);
  });
});

describe('before imask has come', () => {
  it('the text goes up as typed, and is masked once imask is there', async () => {
    render(<Field mask={phoneMask} label="Телефон" />);
    const input = screen.getByRole('textbox', { name: 'Телефон' }) as HTMLInputElement;
    fireEvent.input(input, { target: { value: '79991234567' } });
    expect(screen.getByTestId('value').textContent).toBe('79991234567');
    await waitFor(() => expect(input.value).toBe('+7 (999) 123-45-67'));
    expect(screen.getByTestId('value').textContent).toBe('+7 (999) 123-45-67');
  });
});

describe('the result time mask HH:MM:SS', () => {
  it('puts the colons in', async () => {
    const { input } = await typeInto('Время', timeMask, '014503');
    expect(input.value).toBe('01:45:03');
  });

  it.each([
    ['00:42:10', { hours: 0, minutes: 42, seconds: 10 }],
    ['10:00:00', { hours: 10, minutes: 0, seconds: 0 }],
    ['00:60:00', null],
    ['00:00:75', null],
    ['00:00:00', null],
    ['00:42', null],
  ])('parseMaskedTime(%s)', (value, parsed) => {
    expect(parseMaskedTime(value)).toEqual(parsed);
  });
});
