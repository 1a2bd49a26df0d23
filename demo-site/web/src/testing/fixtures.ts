/** Server responses shaped as demo-site/server sends them, for component tests. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const eventCityMoscow = {
  public_id: 'ec-moscow',
  city: { id: 524901, name_ru: 'Москва' },
  start_time: inDays(30),
  address: 'Лужнецкая наб., 24',
  timezone: 'Europe/Moscow',
};

export const eventCityKazan = {
  public_id: 'ec-kazan',
  city: { id: 551487, name_ru: 'Казань' },
  start_time: inDays(44),
  address: 'ул. Федосеевская, 1',
  timezone: 'Europe/Moscow',
};

export const eventType = {
  public_id: 'type-run',
  logo: '/images/event-types/run.svg',
  title: 'Забег',
  description: 'Беговые события',
  video_promo: null,
  project: { public_id: 'project-geroi', title: 'Герои', link: 'https://geroi.example', picture_main: '/images/projects/geroi.svg' },
};

export const springRunBase = {
  public_id: 'spring-run',
  title: 'Забег Героев. Весна',
  description: 'Главный весенний забег сезона.',
  external_url: null,
  slider: true,
  event_type: eventType,
  banners: {
    home_page: {
      desktop_picture: '/images/events/spring-desktop.svg',
      mobile_picture: '/images/events/spring-mobile.svg',
      text_color: '#ffffff',
      slider_logo: '/images/event-types/run.svg',
      button_color: '#e30613',
    },
    landing_page: {
      slider_logo: '/images/event-types/run.svg',
      button_color: '#e30613',
      mobile_picture: '/images/events/spring-landing.svg',
    },
  },
};

export const springRun = { ...springRunBase, event_city: [eventCityMoscow, eventCityKazan] };

export const formats = [
  {
    public_id: 'format-5k',
    title: '5 км',
    description: 'Дистанция для новичков.',
    price: 1200,
    max_count: null,
    tickets_left: { athlete: 1500 },
    is_team: false,
    fixed_count: false,
    team_all: false,
    buy_limit: null,
    preregistration: false,
    space: false,
    start_time: eventCityMoscow.start_time,
    address: eventCityMoscow.address,
    timezone: 'Europe/Moscow',
    event_city: { public_id: 'ec-moscow' },
    event: { public_id: 'spring-run', title: 'Забег Героев. Весна' },
  },
  {
    public_id: 'format-relay',
    title: 'Эстафета 4×5 км',
    description: 'Команда из четырёх человек.',
    price: 6400,
    max_count: 4,
    tickets_left: { athlete: 0 },
    is_team: true,
    fixed_count: true,
    team_all: true,
    buy_limit: null,
    preregistration: false,
    space: false,
    start_time: eventCityMoscow.start_time,
    address: eventCityMoscow.address,
    timezone: 'Europe/Moscow',
    event_city: { public_id: 'ec-moscow' },
    event: { public_id: 'spring-run', title: 'Забег Героев. Весна' },
  },
];

export const news = [
  {
    public_id: 'news-1',
    title: 'Открыта регистрация на весенний забег',
    description: 'Три города, три дистанции.',
    picture: '/images/news/1.svg',
    date: inDays(-2),
  },
  {
    public_id: 'news-2',
    title: 'Страховка участника за 200 ₽',
    description: 'Полис на день старта.',
    picture: '/images/news/2.svg',
    date: inDays(-8),
  },
];

export const newsItem = {
  ...news[0]!,
  text: 'Первый абзац.\n\nВторой абзац.',
  paragraphs: ['Первый абзац.', 'Второй абзац.'],
  event: { public_id: 'spring-run', title: 'Забег Героев. Весна' },
};

export const club = {
  public_id: 'club-1',
  public_name: 'moscow-runners',
  title: 'Московские бегуны',
  description: 'Беговой клуб в центре Москвы.',
  picture: '/images/clubs/moscow-runners.svg',
  location: { id: 524901, name_ru: 'Москва' },
  created_date: inDays(-900),
  members_count: 12,
};

export const competitions = [
  {
    public_id: 'competition-1',
    title: 'Лучшие 5 км месяца',
    description: 'Пробегите 5 км быстрее всех.',
    start_date: inDays(-20),
    end_date: inDays(10),
    competition_type: { public_id: 'run-time', title: 'Бег на время', unit: 'time' },
    results: [{ place: 1, participant: 'Иван Петров', value: '00:19:45' }],
  },
];

const sizes = (names: [string, number][]) => ({
  proportions: names.map(([name, count]) => ({ name, public_id: `size-${name}`, count })),
  size: names.map(([size, count]) => ({ size, count })),
});

const product = (id: string, title: string, price: number, sizeList: [string, number][]) => ({
  public_id: id,
  title,
  description: `${title} из коллекции «Герои».`,
  picture: `/images/shop/${id}.svg`,
  price,
  old_price: null,
  insurance: false,
  insurance_cost: null,
  ...sizes(sizeList),
  category: { public_id: 'cat-clothes', name: 'clothes', title: 'Одежда' },
  group: 'Одежда',
  subgroup: 'Футболки',
  gender: 'unisex',
  text: null,
  kind: 'merch',
  delivery_public_id: 'delivery-courier',
  event: null,
});

export const tshirt = product('tshirt', 'Футболка «Герои»', 1500, [
  ['S', 5],
  ['M', 0],
  ['L', 3],
]);
export const cap = product('cap', 'Кепка «Герои»', 900, [['Единый', 7]]);
export const bottle = product('bottle', 'Бутылка «Герои»', 700, []);
export const products = [tshirt, cap, bottle];

export const categories = [{ public_id: 'cat-clothes', name: 'clothes', title: 'Одежда', count: 3 }];

export const resultEventCity = {
  ...eventCityMoscow,
  public_id: 'ec-winter-moscow',
  start_time: inDays(-50),
  results: true,
  event: { ...springRunBase, public_id: 'winter-run', title: 'Зимний забег Героев' },
};

export const resultRows = [
  {
    public_id: 'row-1',
    start_number: 101,
    first_name: 'Иван',
    last_name: 'Петров',
    gender: 'male',
    age_category: 'M30',
    team_name: null,
    city: 'Москва',
    distance: '10 км',
    status: 'Финишировал',
    start_time: '09:00:00',
    finish_time: '09:41:12',
    net_time: '00:41:10',
    official_time: '00:41:12',
    penalty_time: null,
    bonus_time: null,
    place_overall: 1,
    place_gender: 1,
    place_age: 1,
    place_category: null,
  },
];

export const competitionTypes = [
  { public_id: 'type-time', title: 'Бег на время', unit: 'time' },
  { public_id: 'type-distance', title: 'Бег на дистанцию', unit: 'distance' },
];
