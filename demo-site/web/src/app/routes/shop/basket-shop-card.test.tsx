import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basketActions, getBasket } from '../../../features/basket/basket-store';
import { storageKeys } from '../../../lib/storage';
import { bottle, cap, tshirt } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { BasketShopCard } from './basket-shop-card';

const card = (title: string) => screen.getByRole('article', { name: title });

// The shop item card rules of ticketing-shop §2.
describe('shop card', () => {
  it("adds the product with count 1 when 'Добавить' is checked and removes it when unchecked", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketShopCard product={bottle} />);
    const checkbox = within(card(bottle.title)).getByRole('checkbox', { name: /Добавить/ });
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    expect(getBasket().goods).toMatchObject([
      { selector: 'shop', public_id: 'bottle', count: 1, size: null, promocode: null, totalCost: 700 },
    ]);
    expect(JSON.parse(localStorage.getItem(storageKeys.basket) ?? '[]')).toHaveLength(1);
    // A guest's basket also goes to the guest copy (accounts-sso §3).
    expect(JSON.parse(localStorage.getItem(storageKeys.guestBasket) ?? '[]')).toHaveLength(1);
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(getBasket().goods).toEqual([]);
  });

  it("asks 'Выберите размер' before adding a product with several sizes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketShopCard product={tshirt} />);
    const scope = within(card(tshirt.title));
    const checkbox = scope.getByRole('checkbox', { name: /Добавить/ });
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(scope.getByRole('alert').textContent).toBe('Выберите размер');
    expect(getBasket().goods).toEqual([]);

    const select = scope.getByRole('combobox', { name: 'Размер' }) as HTMLSelectElement;
    // A size with nothing left cannot be chosen (ticketing-shop §5).
    expect((scope.getByRole('option', { name: 'M — нет в наличии' }) as HTMLOptionElement).disabled).toBe(true);
    await user.selectOptions(select, 'L');
    expect(scope.queryByRole('alert')).toBeNull();
    await user.click(checkbox);
    expect(getBasket().goods).toMatchObject([{ public_id: 'tshirt', size: 'L', proportion_public_id: 'size-L', count: 1 }]);
  });

  it('preselects the only size', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketShopCard product={cap} />);
    const scope = within(card(cap.title));
    expect(scope.queryByRole('combobox')).toBeNull();
    expect(scope.getByText('Размер: Единый')).toBeTruthy();
    await user.click(scope.getByRole('checkbox', { name: /Добавить/ }));
    expect(getBasket().goods).toMatchObject([{ public_id: 'cap', size: 'Единый' }]);
  });

  it("clears the checkbox when the basket's removed line is the card's", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <BasketShopCard product={cap} />
        <BasketShopCard product={bottle} />
      </>,
    );
    const capBox = within(card(cap.title)).getByRole('checkbox', { name: /Добавить/ }) as HTMLInputElement;
    const bottleBox = within(card(bottle.title)).getByRole('checkbox', { name: /Добавить/ }) as HTMLInputElement;
    await user.click(capBox);
    await user.click(bottleBox);
    act(() => basketActions.remove('shop:cap:Единый'));
    expect(getBasket().lastRemoved?.public_id).toBe('cap');
    expect(capBox.checked).toBe(false);
    expect(bottleBox.checked).toBe(true);
  });

  it('cannot add a product whose sizes are all sold out', () => {
    const soldOut = {
      ...tshirt,
      public_id: 'gone',
      title: 'Распродано',
      proportions: [{ name: 'S', public_id: 's', count: 0 }],
      size: [{ size: 'S', count: 0 }],
    };
    renderWithProviders(<BasketShopCard product={soldOut} />);
    const checkbox = within(card('Распродано')).getByRole('checkbox', { name: /Нет в наличии/ }) as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
  });
});
