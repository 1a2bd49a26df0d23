import { eventPictures, eventSeed, eventTypeLogo, eventTypeSeed } from './data/catalogue';
import { clubPicture, clubSeed } from './data/content';
import { pagePictures } from './data/pages';
import { certificateSeed, productPicture, productSeed } from './data/shop';
import { type PlaceholderImage, placeholderImages } from './images';
import { shirtSeed } from './shop';

let complete = false;

/**
 * Every picture path the seed writes, with its label. The data modules register theirs on import; the
 * ones drawn per row are registered here, so a restarted server (which does not seed) knows them all.
 */
export function seedImages(): ReadonlyMap<string, PlaceholderImage> {
  if (!complete) {
    for (const type of eventTypeSeed) eventTypeLogo(type.key, type.title);
    for (const event of eventSeed) eventPictures(event);
    for (const product of [...productSeed, ...shirtSeed]) productPicture(product.key, product.title);
    for (const certificate of certificateSeed) productPicture(certificate.key, certificate.title);
    for (const club of clubSeed) clubPicture(club.key, club.title);
    // The content pages' pictures (registered on import; named here so the import is kept).
    void pagePictures;
    complete = true;
  }
  return placeholderImages;
}
