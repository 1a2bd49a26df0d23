/**
 * Pictures of the seed are SVG placeholders drawn by the server (nothing is downloaded): each seeded
 * path is registered here with the label it shows, and `/images/...` renders it.
 */
export interface PlaceholderImage {
  label: string;
  shape: 'wide' | 'tall' | 'square';
  /** Whether the label is drawn; banners leave it out (the page prints the title over them). */
  caption?: boolean;
}

export const placeholderImages = new Map<string, PlaceholderImage>();

export function picture(
  folder: string,
  slug: string,
  label: string,
  shape: PlaceholderImage['shape'] = 'wide',
  options: { caption?: boolean } = {},
): string {
  const path = `/images/${folder}/${slug}.svg`;
  placeholderImages.set(path, { label, shape, ...(options.caption === false ? { caption: false } : {}) });
  return path;
}
