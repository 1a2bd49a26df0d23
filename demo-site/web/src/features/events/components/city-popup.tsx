import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/dates';
import { placeName, useTranslation } from '../../../lib/i18n';
import type { EventCity } from '../api/schemas';

/** The event page's city popup: every city of the event with its date; choosing one closes it. */
export function CityPopup({
  open,
  onClose,
  cities,
  selected,
  onSelect,
}: {
  open: boolean;
  onClose: () => void;
  cities: EventCity[];
  selected: string | null;
  onSelect: (eventCityId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('event.chooseCity')}>
      <ul className="choice-list">
        {cities.map((eventCity) => (
          <li key={eventCity.public_id}>
            <button
              type="button"
              className="choice"
              aria-pressed={eventCity.public_id === selected}
              onClick={() => {
                onSelect(eventCity.public_id);
                onClose();
              }}
            >
              <span className="choice__title">{placeName(eventCity.city)}</span>
              <span className="choice__meta">{formatDateTime(eventCity.start_time, eventCity.timezone)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
