import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import type { NewsPreview } from '../api/schemas';

export function NewsCard({ item, headingLevel = 3 }: { item: NewsPreview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card news-card">
      {item.picture ? <img className="news-card__image" src={item.picture} alt="" width={480} height={270} loading="lazy" /> : null}
      <div className="news-card__body">
        <time className="muted" dateTime={item.date}>
          {formatDate(item.date)}
        </time>
        <Heading className="card__title">
          <Link to={`/news/${item.public_id}`} className="stretched-link">
            {item.title}
          </Link>
        </Heading>
        {item.description ? <p>{item.description}</p> : null}
      </div>
    </article>
  );
}
