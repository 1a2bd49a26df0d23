/**
 * Pictures of the seed are SVG placeholders drawn by the server (nothing is downloaded): each seeded
 * path is registered here with the label it shows, and `/images/...` renders it.
 */
export interface PlaceholderImage {
  label: string;
  shape: 'wide' | 'tall' | 'square';
}

export const placeholderImages = new Map<string, PlaceholderImage>();

export function picture(folder: string, slug: string, label: string, shape: PlaceholderImage['shape'] = 'wide'): string {
  const path = `/images/${folder}/${slug}.svg`;
  placeholderImages.set(path, { label, shape });
  return path;
}
