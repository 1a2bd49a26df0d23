import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { useEventTypes } from '../api/get-event-types';
import type { EventType } from '../api/schemas';

/** The row's height is kept while the stories load, so the events below do not move. */
function StoriesPlaceholder() {
  return (
    <div className="stories__list stories__list--placeholder" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder circles
        <span key={index} className="story story--placeholder">
          <span className="story__ring" />
          <span className="story__title" />
        </span>
      ))}
    </div>
  );
}

function StoryViewer({
  stories,
  index,
  onIndex,
  onClose,
}: {
  stories: EventType[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const story = stories[index];
  const picture = story?.project?.picture_main ?? story?.logo;
  return (
    <Dialog open={story !== undefined} onClose={onClose} title={story?.title ?? ''} className="story-viewer">
      {story ? (
        <div className="story-viewer__body">
          <p className="story-viewer__position">{t('home.storyOf', { index: index + 1, total: stories.length })}</p>
          {picture ? <img className="story-viewer__picture" src={picture} alt="" width={600} height={600} /> : null}
          {story.description ? <p>{story.description}</p> : null}
          <div className="actions">
            <Link to={`/calendar?type=${encodeURIComponent(story.public_id)}`} className="button" onClick={onClose}>
              {t('home.storyEvents')}
            </Link>
            {story.video_promo ? (
              <a href={story.video_promo} className="button button--secondary" target="_blank" rel="noopener noreferrer">
                {t('home.storyVideo')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
            ) : null}
          </div>
          {stories.length > 1 ? (
            <div className="story-viewer__nav">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onIndex((index - 1 + stories.length) % stories.length)}
              >
                {t('home.previousStory')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => onIndex((index + 1) % stories.length)}>
                {t('home.nextStory')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The home page's stories (ticketing-shop §2): a row of circles, one per kind of event, each
 * opening a short story — the picture, what the event is, its video and its events in the
 * calendar. Circles already opened are marked as seen for the visit.
 */
export function Stories() {
  const { t } = useTranslation();
  const types = useEventTypes();
  const [open, setOpen] = useState<number | null>(null);
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const stories = types.data?.values ?? [];
  if (types.isError || (types.data && stories.length === 0)) return null;

  const show = (index: number) => {
    const story = stories[index];
    if (!story) return;
    setOpen(index);
    setSeen((previous) => new Set(previous).add(story.public_id));
  };

  return (
    <section className="stories container" aria-labelledby="home-stories">
      <h2 id="home-stories" className="sr-only">
        {t('home.storiesTitle')}
      </h2>
      {types.isPending ? (
        <StoriesPlaceholder />
      ) : (
        <ul className="stories__list">
          {stories.map((story, index) => (
            <li key={story.public_id}>
              <button
                type="button"
                className={`story${seen.has(story.public_id) ? ' story--seen' : ''}`}
                aria-haspopup="dialog"
                onClick={() => show(index)}
              >
                <span className="story__ring">
                  {story.logo ? <img className="story__image" src={story.logo} alt="" width={64} height={64} loading="lazy" /> : null}
                </span>
                <span className="story__title">{story.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <StoryViewer stories={stories} index={open ?? -1} onIndex={show} onClose={() => setOpen(null)} />
    </section>
  );
}
