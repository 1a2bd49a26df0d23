import { describe, expect, it } from 'vitest';
import { passwordProblem } from './schema';

describe('registration password rules (accounts-sso §5), checked in order', () => {
  it.each([
    ['', 'Заполните поле'],
    ['a', 'Пароль должен состоять минимум из 4 символов'],
    ['A1b', 'Пароль должен состоять минимум из 4 символов'],
    ['abcd', 'В пароле должна быть заглавная буква'],
    ['abcd1', 'В пароле должна быть заглавная буква'],
    ['Abcd', 'В пароле должна быть цифра'],
    ['Пароль', 'В пароле должна быть цифра'],
    [`A1${'b'.repeat(127)}`, 'Пароль должен быть не длиннее 128 символов'],
  ])('%j → %s', (password, message) => expect(passwordProblem(password)).toBe(message));

  it.each(['Abc1', 'Пароль1', 'SECRET12'])('%s passes', (password) => expect(passwordProblem(password)).toBeNull());
});
