import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render';
import type { InsuranceLine } from '../basket-items';
import { addInsuranceLine } from '../basket-model';
import { basketActions, getBasket, useBasket } from '../basket-store';
import {
  buildInsuranceSchema,
  emptyInsurance,
  fullPhone,
  type InsuranceTerms,
  type InsuranceTranslate,
  type InsuranceValues,
  insuranceInfo,
  insurancePreReg,
} from '../insurance-schema';
import { InsuranceForm } from './insurance-form';

const t: InsuranceTranslate = (key, params) => (params ? i18n.t(key, params) : i18n.t(key));
const NOW = Date.UTC(2026, 5, 10, 9, 30);
const terms: InsuranceTerms = { activation_delay: 3 * 86_400, format_start_time: null, isStartDate: 'false' };
const person: InsuranceValues = {
  ...emptyInsurance,
  last_name: 'Смирнова',
  first_name: 'Анна',
  birth_date: '01.01.1990',
  phone: '+7 (916) 123-45-67',
  gender: 'female',
  start_date: '20.06.2026',
};

const messages = (values: typeof person, termsUsed = terms) => {
  const result = buildInsuranceSchema(termsUsed, t, () => NOW).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('insurance rules (ticketing-shop §5)', () => {
  it.each([
    ['79161234567', true],
    ['77011234567', true],
    ['375291234567', true],
    ['992901234567', true],
    ['7916123456', false],
    ['37529123456', false],
    ['12345678901', false],
  ])('phone %s full: %s', (phone, full) => expect(fullPhone(phone)).toBe(full));

  it.each<[string, Partial<InsuranceValues>, Record<string, string>, 'ok' | '' | false]>([
    ['a complete person', {}, {}, 'ok'],
    [
      'nothing typed',
      { ...emptyInsurance },
      {
        last_name: 'Заполните поле!',
        first_name: 'Заполните поле!',
        phone: 'Введите корректный номер телефона!',
        gender: 'Выберите одно из значений!',
        start_date: 'Введите корректную дату!',
        birth_date: 'Введите корректную дату!',
      },
      '',
    ],
    ['younger than 5 on the start', { birth_date: '21.06.2021' }, { birth_date: 'Допускается возраст от 5 до 86 лет' }, false],
    ['older than 86 on the start', { birth_date: '19.06.1939' }, { birth_date: 'Допускается возраст от 5 до 86 лет' }, false],
    [
      'before 1 December 2024',
      { start_date: '30.11.2024' },
      { start_date: 'Начало действия страховки не может быть меньше 1 декабря 2024' },
      false,
    ],
    [
      'before now + the delay',
      { start_date: '12.06.2026' },
      { start_date: 'Начало действия страховки не может быть меньше 13.06.2026' },
      false,
    ],
    ['a short Belarus phone', { phone: '+375 (29) 123-45-6' }, { phone: 'Введите корректный номер телефона!' }, ''],
  ])('%s', (_name, change, expected, preReg) => {
    const values = { ...person, ...change };
    expect(messages(values)).toEqual(expected);
    expect(insurancePreReg(terms, values, t, NOW)).toBe(preReg);
  });

  it('asks no start date when the offer sets it; the age counts on the default start', () => {
    const fixed = { ...terms, isStartDate: 'true', format_start_time: Date.UTC(2026, 8, 1) / 1000 };
    expect(messages({ ...person, start_date: '' }, fixed)).toEqual({});
    expect(messages({ ...person, birth_date: '02.09.2021' }, fixed)).toEqual({ birth_date: 'Допускается возраст от 5 до 86 лет' });
  });

  it('sends the person as the server takes them', () => {
    expect(insuranceInfo(terms, person)).toEqual({
      first_name: 'Анна',
      last_name: 'Смирнова',
      second_name: null,
      gender: 'female',
      phone: '79161234567',
      birth_date: '1990-01-01',
      start_date: '20.06.2026',
    });
  });
});

function Line() {
  const line = useBasket().goods[0] as InsuranceLine | undefined;
  return line ? <InsuranceForm line={line} validateSignal={0} /> : null;
}

describe('InsuranceForm', () => {
  it('shows the heading, the terms link and the start date when the person picks it, and keeps the state on the line', async () => {
    basketActions.reset(
      addInsuranceLine(
        [],
        {
          public_id: 'ins',
          title: 'Страховка на день',
          price: 200,
          legals: '/docs/insurance.pdf',
          activation_delay: 0,
          isStartDate: 'false',
        },
        { newId: () => 'i1' },
      ),
    );
    renderWithProviders(<Line />);
    expect(screen.getByRole('heading', { name: 'Регистрация страховки' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Условия страхования' }).getAttribute('href')).toBe('/docs/insurance.pdf');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Фамилия' }));
    await user.tab();
    expect(await screen.findByText('Заполните поле!')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Фамилия' }), 'Смирнова');
    await user.type(screen.getByRole('textbox', { name: 'Имя' }), 'Анна');
    await user.type(screen.getByRole('textbox', { name: 'Дата рождения' }), '01011990');
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '79161234567');
    await user.click(screen.getByRole('radio', { name: 'Женский' }));
    const start = screen.getByRole<HTMLInputElement>('textbox', { name: 'Начало действия страховки' });
    expect(start.value).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await waitFor(() => expect(getBasket().goods[0]).toMatchObject({ preReg: 'ok', isErrorTab: false }));
    await user.clear(start);
    await user.type(start, '01112024');
    await user.tab();
    expect(await screen.findByText('Начало действия страховки не может быть меньше 1 декабря 2024')).toBeTruthy();
    await waitFor(() => expect(getBasket().goods[0]).toMatchObject({ preReg: false, isErrorTab: true }));
  });

  it('has no start date field when the offer fixes the start', () => {
    basketActions.reset(
      addInsuranceLine([], { public_id: 'ins', title: 'Страховка', price: 200, isStartDate: 'true' }, { newId: () => 'i2' }),
    );
    renderWithProviders(<Line />);
    expect(screen.queryByRole('textbox', { name: 'Начало действия страховки' })).toBeNull();
  });
});
