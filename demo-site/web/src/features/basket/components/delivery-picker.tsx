import { memo, useId } from 'react';
import { MaskedInput } from '../../../components/ui/masked-input';
import { isFullPhone, phoneDigits } from '../../../lib/contact-rules';
import { useTranslation } from '../../../lib/i18n';
import { phoneMask } from '../../../lib/masks';
import { type DeliveryMethod, useDeliveryMethods, useRegionCities, useRegions } from '../api/delivery';
import { PostalIndexField } from './postal-index-field';
import '../../../locales/basket';

/** ticketing-shop §9: the default city (Moscow) and the default delivery region. */
export const DEFAULT_CITY_ID = 524901;
export const DEFAULT_REGION_ID = 524894;

export interface DeliveryState {
  regionId: number;
  cityId: number | null;
  method: DeliveryMethod | null;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  /** The postal index (optional): looked up with GET /api/pochta/{index}, sent at the head of the address. */
  index: string;
  /** Set once the person has tried to pay: the empty fields then show their messages. */
  touched: boolean;
}

export const initialDelivery: DeliveryState = {
  regionId: DEFAULT_REGION_ID,
  cityId: DEFAULT_CITY_ID,
  method: null,
  first_name: '',
  last_name: '',
  phone: '',
  address: '',
  index: '',
  touched: false,
};

type Field = 'first_name' | 'last_name' | 'phone' | 'address';

/** A field's message (ticketing-shop §5 checkout): required only when the method delivers; the phone checked. */
export function deliveryProblem(state: DeliveryState, field: Field): 'fill' | 'phone' | null {
  if (!state.method || state.method.pickup) return null;
  if (!state[field].trim()) return 'fill';
  if (field === 'phone' && !isFullPhone(state.phone)) return 'phone';
  return null;
}

export const deliveryResolved = (state: DeliveryState): boolean =>
  state.method !== null &&
  state.cityId !== null &&
  (['first_name', 'last_name', 'phone', 'address'] as const).every((field) => deliveryProblem(state, field) === null);

/** The delivery part of POST /api/payment. */
export function deliveryPayload(state: DeliveryState) {
  if (!state.method || state.cityId === null) return null;
  return {
    public_id: state.method.public_id,
    location_id: state.cityId,
    ...(state.method.pickup
      ? {}
      : {
          phone: phoneDigits(state.phone),
          address: [state.index, state.address.trim()].filter(Boolean).join(', '),
          first_name: state.first_name.trim(),
          last_name: state.last_name.trim(),
        }),
  };
}

/**
 * The delivery of shop goods (ticketing-shop §2, §4): a city picker (region, then city), the methods;
 * a pickup method hides the address and recipient fields.
 */
export const DeliveryPicker = memo(function DeliveryPicker({
  state,
  onChange,
  withMethods = true,
}: {
  state: DeliveryState;
  onChange: (state: DeliveryState) => void;
  /** Without goods (a ticket's start pack by courier alone): the city and the address, no goods methods. */
  withMethods?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const methods = useDeliveryMethods(withMethods);
  const regions = useRegions(true);
  const cities = useRegionCities(state.regionId);
  const set = (patch: Partial<DeliveryState>) => onChange({ ...state, ...patch });

  const message = (field: Field) => {
    const problem = deliveryProblem(state, field);
    if (!problem || !(state.touched || state[field] !== '')) return null;
    return (
      <p id={`${id}-${field}-error`} className="field-error">
        {problem === 'phone' ? t('basket.delivery.phoneError') : t('basket.delivery.fill')}
      </p>
    );
  };
  const a11y = (field: Field) => {
    const shown = deliveryProblem(state, field) !== null && (state.touched || state[field] !== '');
    return {
      id: `${id}-${field}`,
      'aria-invalid': shown ? true : undefined,
      'aria-describedby': shown ? `${id}-${field}-error` : undefined,
    };
  };

  return (
    <section className="delivery" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="summary__heading">
        {t('basket.delivery.title')}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-region`}>{t('basket.delivery.region')}</label>
        <select
          id={`${id}-region`}
          value={String(state.regionId)}
          onChange={(event) => set({ regionId: Number(event.target.value), cityId: null })}
        >
          {(regions.data?.values ?? [{ id: DEFAULT_REGION_ID, name_ru: '…' }]).map((region) => (
            <option key={region.id} value={String(region.id)}>
              {region.name_ru}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-city`}>{t('basket.delivery.city')}</label>
        <select
          id={`${id}-city`}
          value={state.cityId === null ? '' : String(state.cityId)}
          onChange={(event) => set({ cityId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('basket.delivery.chooseCity')}</option>
          {(cities.data?.values ?? []).map((city) => (
            <option key={city.id} value={String(city.id)}>
              {city.name_ru}
            </option>
          ))}
        </select>
      </div>
      {withMethods ? (
        <fieldset className="delivery__methods">
          <legend>{t('basket.delivery.method')}</legend>
          {(methods.data?.values ?? []).map((method) => (
            <label key={method.public_id} className="checkbox">
              <input
                type="radio"
                name={`${id}-method`}
                checked={state.method?.public_id === method.public_id}
                onChange={() => set({ method })}
              />
              {method.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {state.method && !state.method.pickup ? (
        <div className="form">
          <div className="field">
            <label htmlFor={`${id}-last_name`}>{t('basket.delivery.lastName')}</label>
            <input
              autoComplete="family-name"
              value={state.last_name}
              onChange={(event) => set({ last_name: event.target.value })}
              {...a11y('last_name')}
            />
            {message('last_name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-first_name`}>{t('basket.delivery.firstName')}</label>
            <input
              autoComplete="given-name"
              value={state.first_name}
              onChange={(event) => set({ first_name: event.target.value })}
              {...a11y('first_name')}
            />
            {message('first_name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>{t('basket.delivery.phone')}</label>
            <MaskedInput
              mask={phoneMask}
              value={state.phone}
              onValueChange={(phone) => set({ phone })}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+7 (999) 123-45-67"
              {...a11y('phone')}
            />
            {message('phone')}
          </div>
          <PostalIndexField
            value={state.index}
            onChange={(index) => set({ index })}
            onFound={(office) => onChange({ ...state, index: office.index, regionId: office.region.id, cityId: office.city.id })}
          />
          <div className="field">
            <label htmlFor={`${id}-address`}>{t('basket.delivery.address')}</label>
            <input
              autoComplete="street-address"
              value={state.address}
              onChange={(event) => set({ address: event.target.value })}
              {...a11y('address')}
            />
            {message('address')}
          </div>
        </div>
      ) : null}
    </section>
  );
});
