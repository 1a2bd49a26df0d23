import { type PlaceNames, placeName, useTranslation } from '../../lib/i18n';

export interface CitySelectProps {
  id: string;
  value: string;
  cities: ({ id: number } & PlaceNames)[] | undefined;
  onChange: (value: string) => void;
}

/** The «Город» filter of the calendar and the results: every city, or all of them. */
export function CitySelect({ id, value, cities, onChange }: CitySelectProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('calendar.city')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('calendar.allCities')}</option>
        {cities?.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {placeName(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
