/**
 * Addresses outside the site. The specs name the places (career site, FAQ, photo bank, two social
 * networks, three partner projects) but not their hosts; these stand-ins are the one place to change.
 */
export const externalLinks = {
  career: 'https://career.geroi.example/',
  faq: 'https://faq.geroi.example/',
  photo: 'https://photo.geroi.example/',
  vk: 'https://vk.com/geroi.example',
  telegram: 'https://t.me/geroi_example',
  tours: 'https://tours.geroi.example/',
  projects: {
    trail: 'https://trail.geroi.example/',
    kids: 'https://kids.geroi.example/',
    corporate: 'https://corp.geroi.example/',
  },
} as const;

/** Documents served by the API (ticketing-shop §2, basket terms). */
export const documentLinks = {
  personalData: '/api/files/document/pers',
  offers: '/api/files/document/offers',
} as const;
