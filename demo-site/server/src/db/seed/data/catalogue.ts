import type { AdditionalField, FormatCluster, FormatSelect } from '../../schema/catalogue';
import { picture } from '../images';
import type { CityKey } from './locations';

export const projectSeed = [
  { key: 'run', title: 'Беговое движение «Герои»', link: 'https://run.geroi.example', label: 'Бег' },
  { key: 'winter', title: 'Зимние старты «Герои»', link: 'https://winter.geroi.example', label: 'Зима' },
  { key: 'wheels', title: 'Велосезон «Герои»', link: 'https://bike.geroi.example', label: 'Велосезон' },
  { key: 'water', title: 'Открытая вода «Герои»', link: 'https://swim.geroi.example', label: 'Открытая вода' },
].map((project) => ({ ...project, pictureMain: picture('projects', project.key, project.label) }));

export type FormatTemplate = 'run' | 'night' | 'ski' | 'bike' | 'swim' | 'trail' | 'kids';

export const eventTypeSeed = [
  {
    key: 'run',
    project: 'run',
    template: 'run',
    title: 'Забег Героев',
    description: 'Городские забеги на 5, 10 и 21,1 км по центральным улицам, перекрытым для участников.',
  },
  {
    key: 'night',
    project: 'run',
    template: 'night',
    title: 'Ночной забег',
    description: 'Старт после заката, подсветка трассы, музыка и фонарики вместо солнца.',
  },
  {
    key: 'trail',
    project: 'run',
    template: 'trail',
    title: 'Трейл Героев',
    description: 'Бег по пересечённой местности: лесные тропы, подъёмы и спуски, пункты питания на трассе.',
  },
  {
    key: 'kids',
    project: 'run',
    template: 'kids',
    title: 'Детская лига',
    description: 'Забеги для детей от 4 до 14 лет: короткие дистанции, медаль каждому финишёру.',
  },
  {
    key: 'ski',
    project: 'winter',
    template: 'ski',
    title: 'Лыжня Героев',
    description: 'Массовые лыжные гонки классическим и свободным стилем.',
  },
  {
    key: 'bike',
    project: 'wheels',
    template: 'bike',
    title: 'Велоночь',
    description: 'Ночной велопробег по городу: шоссейные и прогулочные дистанции.',
  },
  {
    key: 'swim',
    project: 'water',
    template: 'swim',
    title: 'Открытая вода',
    description: 'Заплывы на открытой воде на 1 и 3 км и эстафета.',
  },
] as const satisfies readonly { key: string; project: string; template: FormatTemplate; title: string; description: string }[];

export type EventTypeKey = (typeof eventTypeSeed)[number]['key'];

export const eventTypeLogo = (key: string, title: string) => picture('event-types', key, title, 'square');

/** An event's banners: no caption drawn, as the site prints the event's title over them. */
export const eventPictures = (event: { key: string; title: string }) => ({
  desktop: picture('events', `${event.key}-desktop`, event.title, 'wide', { caption: false }),
  mobile: picture('events', `${event.key}-mobile`, event.title, 'tall', { caption: false }),
  landing: picture('events', `${event.key}-landing`, event.title, 'tall', { caption: false }),
});

export interface EventCitySeed {
  city: CityKey;
  /** Days from the seed date; negative for past events (they get results). */
  day: number;
  /** Local start time, HH:MM. */
  time: string;
  address: string;
  external?: boolean;
  space?: boolean;
}

export interface EventSeed {
  key: string;
  type: EventTypeKey;
  title: string;
  description: string;
  slider: boolean;
  shirt: boolean;
  externalUrl?: string;
  buttonColor: string;
  cities: EventCitySeed[];
}

export const eventSeed: EventSeed[] = [
  {
    key: 'spring-run',
    type: 'run',
    title: 'Забег Героев. Весна',
    description: 'Главный весенний забег сезона: три дистанции, медаль финишёра и фестиваль на старте.',
    slider: true,
    shirt: true,
    buttonColor: '#e30613',
    cities: [
      { city: 'moscow', day: 30, time: '09:00', address: 'Лужнецкая наб., 24, стр. 1', external: true },
      { city: 'petersburg', day: 37, time: '09:00', address: 'Дворцовая пл., 2' },
      { city: 'kazan', day: 44, time: '08:30', address: 'ул. Федосеевская, 1' },
    ],
  },
  {
    key: 'night-run',
    type: 'night',
    title: 'Ночной забег',
    description: 'Забег по ночному городу со световым шоу на финише и трибуной для болельщиков.',
    slider: true,
    shirt: true,
    buttonColor: '#1f2a6b',
    cities: [
      { city: 'moscow', day: 52, time: '21:00', address: 'Парк Горького, Крымский Вал, 9', space: true },
      { city: 'yekaterinburg', day: 59, time: '21:30', address: 'Плотинка, пр. Ленина, 36' },
    ],
  },
  {
    key: 'ski-siberia',
    type: 'ski',
    title: 'Лыжня Героев. Сибирь',
    description: 'Лыжные гонки на подготовленных трассах с прокатом инвентаря и горячим чаем на финише.',
    slider: false,
    shirt: false,
    buttonColor: '#0a6ebd',
    cities: [
      { city: 'novosibirsk', day: 120, time: '11:00', address: 'Лыжная база «Нагорный», ул. Лесосечная, 2' },
      { city: 'krasnoyarsk', day: 127, time: '11:00', address: 'Фанпарк «Бобровый лог», ул. Сибирская, 92' },
    ],
  },
  {
    key: 'bike-night',
    type: 'bike',
    title: 'Велоночь',
    description: 'Ночной велопробег по перекрытым улицам: 25 и 50 км, командная гонка и фестиваль.',
    slider: true,
    shirt: true,
    buttonColor: '#ff7a00',
    cities: [
      { city: 'moscow', day: 66, time: '22:00', address: 'Воробьёвы горы, ул. Косыгина, 28' },
      { city: 'krasnodar', day: 73, time: '21:00', address: 'Парк «Краснодар», ул. Разведчика Леонова, 1' },
    ],
  },
  {
    key: 'volga-swim',
    type: 'swim',
    title: 'Открытая вода. Волга',
    description: 'Заплывы на Волге с безопасной акваторией, спасателями и подогретым шатром на берегу.',
    slider: false,
    shirt: false,
    buttonColor: '#008c95',
    cities: [
      { city: 'nizhny', day: 80, time: '10:00', address: 'Нижне-Волжская наб., 1' },
      { city: 'samara', day: 87, time: '10:00', address: 'Пляж «Ладья», Волжский пр.' },
    ],
  },
  {
    key: 'ural-trail',
    type: 'trail',
    title: 'Трейл Героев. Урал',
    description: 'Трейлы по уральским хребтам: 12, 30 и 60 км с набором высоты до 2500 м.',
    slider: true,
    shirt: true,
    buttonColor: '#3b7d2b',
    cities: [
      { city: 'chelyabinsk', day: 94, time: '08:00', address: 'Таганай, турбаза «Старый Таганай»' },
      { city: 'ufa', day: 101, time: '08:00', address: 'Парк «Кашкадан», ул. Кашкадан, 1' },
      { city: 'perm', day: 108, time: '08:00', address: 'Парк «Черняевский лес», ш. Космонавтов, 1' },
    ],
  },
  {
    key: 'kids-league',
    type: 'kids',
    title: 'Детская лига',
    description: 'Первые старты для самых маленьких: дистанции по возрасту, аниматоры и медаль каждому.',
    slider: false,
    shirt: false,
    buttonColor: '#f5b800',
    cities: [
      { city: 'moscow', day: 21, time: '11:00', address: 'Парк «Сокольники», Сокольнический Вал, 1' },
      { city: 'voronezh', day: 28, time: '11:00', address: 'Центральный парк, ул. Ленина, 2' },
    ],
  },
  {
    key: 'white-nights',
    type: 'run',
    title: 'Полумарафон «Белые ночи»',
    description: 'Полумарафон по набережным Невы в самое светлое время года.',
    slider: true,
    shirt: true,
    buttonColor: '#5b2a86',
    cities: [{ city: 'petersburg', day: 45, time: '06:00', address: 'Стрелка Васильевского острова' }],
  },
  {
    key: 'autumn-run',
    type: 'run',
    title: 'Забег Героев. Осень',
    description: 'Осенний забег на юге: тёплая погода и лучшие личные рекорды.',
    slider: false,
    shirt: true,
    buttonColor: '#c2410c',
    cities: [
      { city: 'rostov', day: 135, time: '09:00', address: 'Левобережный парк, ул. Левобережная, 2' },
      { city: 'sochi', day: 142, time: '09:00', address: 'Олимпийский парк, Олимпийский пр., 21' },
    ],
  },
  {
    key: 'far-east-run',
    type: 'run',
    title: 'Забег Героев. Дальний Восток',
    description: 'Забег вдоль Тихого океана и Байкала: стартуем первыми в стране.',
    slider: false,
    shirt: true,
    buttonColor: '#0f766e',
    cities: [
      { city: 'vladivostok', day: 60, time: '09:00', address: 'Спортивная набережная, ул. Батарейная, 1' },
      { city: 'irkutsk', day: 67, time: '09:00', address: 'Нижняя наб. Ангары, 130 квартал' },
    ],
  },
  {
    key: 'amber-marathon',
    type: 'run',
    title: 'Марафон «Янтарный берег»',
    description: 'Марафон по Калининграду и Куршской косе с финишем у моря.',
    slider: false,
    shirt: true,
    externalUrl: 'https://amber.geroi.example',
    buttonColor: '#b45309',
    cities: [{ city: 'kaliningrad', day: 90, time: '08:00', address: 'Площадь Победы, 1' }],
  },
  {
    key: 'siberian-run',
    type: 'run',
    title: 'Сибирский забег',
    description: 'Забег по набережным Иртыша и Туры с горячим обедом для финишёров.',
    slider: false,
    shirt: true,
    buttonColor: '#1d4ed8',
    cities: [
      { city: 'omsk', day: 75, time: '10:00', address: 'Иртышская наб., 1' },
      { city: 'tyumen', day: 82, time: '10:00', address: 'Набережная Туры, ул. Водопроводная, 1' },
    ],
  },
  {
    key: 'winter-run',
    type: 'run',
    title: 'Зимний забег Героев',
    description: 'Зимний забег прошедшего сезона: результаты и фотографии уже опубликованы.',
    slider: false,
    shirt: false,
    buttonColor: '#2563eb',
    cities: [
      { city: 'moscow', day: -60, time: '10:00', address: 'Парк «Измайлово», Народный пр., 17' },
      { city: 'kazan', day: -53, time: '10:00', address: 'Парк Горького, ул. Ершова, 1' },
    ],
  },
  {
    key: 'bike-last-season',
    type: 'bike',
    title: 'Велоночь. Итоги сезона',
    description: 'Прошедшая велоночь: протоколы гонок и командные результаты.',
    slider: false,
    shirt: false,
    buttonColor: '#ea580c',
    cities: [
      { city: 'petersburg', day: -40, time: '22:00', address: 'Крестовский остров, Футбольная аллея, 1' },
      { city: 'yekaterinburg', day: -30, time: '22:00', address: 'ЦПКиО им. Маяковского, ул. Мичурина, 230' },
    ],
  },
];

export interface FormatSeed {
  key: string;
  title: string;
  description: string;
  /** Rubles; the seed stores kopecks. */
  price: number;
  capacity: Record<string, number>;
  isTeam?: boolean;
  maxCount: number;
  fixedCount?: boolean;
  teamAll?: boolean;
  buyLimit?: number;
  hidden?: boolean;
  ageMin?: number;
  ageMax?: number;
  licenseFile?: boolean;
  shirtUnavailable?: boolean;
  insurance?: boolean;
  preregistration?: boolean;
  space?: boolean;
  delivery?: boolean;
  clubs?: boolean;
  notes?: string;
  allRegions?: boolean;
  clusters?: FormatCluster[];
  additionalFields?: AdditionalField[];
  select?: FormatSelect;
  numbers?: [number, number];
}

const clubField: AdditionalField = { name: 'club_name', label: 'Беговой клуб', required: false };
const emergencyField: AdditionalField = { name: 'emergency_phone', label: 'Телефон для экстренной связи', required: true };
/** The children's sports school, picked from the state education register (GET /api/obrnadzor/*). */
const schoolField: AdditionalField = { name: 'sport_school', label: 'Спортивная школа', required: false, register: 'obrnadzor' };
const waves: FormatSelect = { title: 'Стартовая волна', values: ['Первая волна', 'Вторая волна', 'Третья волна'] };
const runClusters: FormatCluster[] = [
  { name: 'Любители', document: false },
  { name: 'Элита (разряд КМС и выше)', document: true },
];

/** The virtual format of the autumn run in Rostov (event_formats.online): run anywhere, send the time from the ticket page. */
export const onlineFormatSeed: FormatSeed = {
  key: 'online-5k',
  title: 'Онлайн 5 км',
  description: 'Пробегите 5 км в любом месте в день забега и отправьте своё время со страницы билета.',
  price: 600,
  capacity: { athlete: 5000 },
  maxCount: 10,
  notes: 'Виртуальный формат: стартовый пакет и медаль приходят почтой.',
};

/** Ticket kinds by event type; every event city of the type gets them. */
export const formatTemplates: Record<FormatTemplate, FormatSeed[]> = {
  run: [
    {
      key: '5k',
      title: '5 км',
      description: 'Дистанция для новичков и тех, кто бежит за компанию.',
      price: 1200,
      capacity: { athlete: 1500 },
      maxCount: 10,
      insurance: true,
      ageMin: 12,
      clubs: true,
    },
    {
      key: '10k',
      title: '10 км',
      description: 'Классическая городская десятка с электронным хронометражем.',
      price: 1800,
      capacity: { athlete: 1200 },
      maxCount: 10,
      insurance: true,
      ageMin: 16,
      additionalFields: [clubField],
      select: waves,
      clubs: true,
      delivery: true,
    },
    {
      key: '21k',
      title: '21,1 км',
      description: 'Полумарафон: медицинская справка обязательна, номер можно выбрать.',
      price: 2900,
      capacity: { athlete: 800 },
      maxCount: 5,
      insurance: true,
      ageMin: 18,
      licenseFile: true,
      clusters: runClusters,
      additionalFields: [emergencyField],
      allRegions: true,
      numbers: [1, 300],
    },
    {
      key: 'relay',
      title: 'Эстафета 4×5 км',
      description: 'Команда из четырёх человек, каждый бежит свой этап.',
      price: 6400,
      capacity: { athlete: 200 },
      isTeam: true,
      maxCount: 4,
      fixedCount: true,
      teamAll: true,
      insurance: true,
      ageMin: 14,
      delivery: true,
    },
    {
      key: 'vip',
      title: 'VIP 10 км',
      description: 'Отдельная зона старта, камера хранения и обед после финиша.',
      price: 7500,
      capacity: { vip: 50 },
      maxCount: 2,
      buyLimit: 2,
      hidden: true,
      insurance: true,
      ageMin: 18,
      notes: 'Доступно по приглашению.',
    },
  ],
  night: [
    {
      key: '5k',
      title: '5 км',
      description: 'Ночная пятёрка при свете фонарей.',
      price: 1300,
      capacity: { athlete: 1000 },
      maxCount: 10,
      insurance: true,
      ageMin: 14,
    },
    {
      key: '10k',
      title: '10 км',
      description: 'Ночная десятка со световым шоу на финише.',
      price: 1900,
      capacity: { athlete: 900 },
      maxCount: 10,
      insurance: true,
      ageMin: 16,
      select: waves,
    },
    {
      key: 'corporate',
      title: 'Корпоративная команда',
      description: 'Команда коллег от 2 до 10 человек.',
      price: 1500,
      capacity: { athlete: 300 },
      isTeam: true,
      maxCount: 10,
      fixedCount: false,
      insurance: true,
      ageMin: 18,
      additionalFields: [{ name: 'company', label: 'Компания', required: true }],
    },
    {
      key: 'stand',
      title: 'Трибуна болельщиков',
      description: 'Место на трибуне у финиша: сектор, ряд и место.',
      price: 500,
      capacity: { spectator: 100 },
      maxCount: 4,
      shirtUnavailable: true,
      space: true,
    },
  ],
  ski: [
    {
      key: 'classic-10',
      title: '10 км классика',
      description: 'Классический стиль, раздельный старт.',
      price: 1100,
      capacity: { athlete: 700 },
      maxCount: 10,
      insurance: true,
      ageMin: 12,
      shirtUnavailable: true,
    },
    {
      key: 'free-30',
      title: '30 км свободный стиль',
      description: 'Масс-старт коньковым ходом.',
      price: 2100,
      capacity: { athlete: 400 },
      maxCount: 5,
      insurance: true,
      ageMin: 18,
      licenseFile: true,
      shirtUnavailable: true,
      numbers: [1, 200],
    },
    {
      key: 'family',
      title: 'Семейная эстафета',
      description: 'Три участника одной семьи, этапы по 3 км.',
      price: 2700,
      capacity: { athlete: 150 },
      isTeam: true,
      maxCount: 3,
      fixedCount: true,
      teamAll: true,
      insurance: true,
      shirtUnavailable: true,
    },
  ],
  bike: [
    {
      key: '25k',
      title: '25 км',
      description: 'Прогулочная дистанция в спокойном темпе.',
      price: 1400,
      capacity: { athlete: 2000 },
      maxCount: 10,
      insurance: true,
      ageMin: 12,
    },
    {
      key: '50k',
      title: '50 км',
      description: 'Шоссейная дистанция с хронометражем.',
      price: 2200,
      capacity: { athlete: 1200 },
      maxCount: 5,
      insurance: true,
      ageMin: 16,
      clusters: [
        { name: 'Шоссе', document: false },
        { name: 'Гревел', document: false },
      ],
    },
    {
      key: 'team',
      title: 'Командная гонка',
      description: 'Пять райдеров, время по третьему финишёру.',
      price: 9000,
      capacity: { athlete: 100 },
      isTeam: true,
      maxCount: 5,
      fixedCount: true,
      teamAll: true,
      insurance: true,
      ageMin: 18,
    },
  ],
  swim: [
    {
      key: '1k',
      title: '1 км',
      description: 'Заплыв в гидрокостюме или без.',
      price: 1900,
      capacity: { athlete: 400 },
      maxCount: 5,
      insurance: true,
      ageMin: 12,
    },
    {
      key: '3k',
      title: '3 км',
      description: 'Длинный заплыв, нужна справка о допуске.',
      price: 2900,
      capacity: { athlete: 250 },
      maxCount: 5,
      insurance: true,
      ageMin: 14,
      licenseFile: true,
      additionalFields: [emergencyField],
    },
    {
      key: 'relay',
      title: 'Эстафета 4×500 м',
      description: 'Команда из четырёх пловцов.',
      price: 6800,
      capacity: { athlete: 60 },
      isTeam: true,
      maxCount: 4,
      fixedCount: true,
      teamAll: true,
      insurance: true,
      ageMin: 14,
    },
  ],
  trail: [
    {
      key: '12k',
      title: '12 км',
      description: 'Короткий трейл с набором 400 м.',
      price: 2300,
      capacity: { athlete: 500 },
      maxCount: 5,
      insurance: true,
      ageMin: 16,
      // Participant data are filled in the basket (no licence file: a guest can buy it too).
      preregistration: true,
    },
    {
      key: '30k',
      title: '30 км',
      description: 'Набор 1200 м, обязательное снаряжение.',
      price: 3900,
      capacity: { athlete: 300 },
      maxCount: 3,
      insurance: true,
      ageMin: 18,
      licenseFile: true,
      preregistration: true,
    },
    {
      key: 'ultra',
      title: 'Ультра 60 км',
      description: 'Набор 2500 м, квалификация обязательна.',
      price: 6900,
      capacity: { athlete: 120 },
      maxCount: 1,
      buyLimit: 1,
      insurance: true,
      ageMin: 21,
      ageMax: 70,
      licenseFile: true,
      preregistration: true,
      clusters: runClusters,
      numbers: [1, 120],
    },
  ],
  kids: [
    {
      key: '500m',
      title: '500 м (4–6 лет)',
      description: 'Первый старт в жизни.',
      price: 500,
      capacity: { athlete: 300 },
      maxCount: 5,
      ageMin: 4,
      ageMax: 6,
      shirtUnavailable: true,
      additionalFields: [{ name: 'parent_name', label: 'ФИО родителя', required: true }],
    },
    {
      key: '1k',
      title: '1 км (7–10 лет)',
      description: 'Дистанция для младших школьников.',
      price: 600,
      capacity: { athlete: 300 },
      maxCount: 5,
      ageMin: 7,
      ageMax: 10,
      insurance: true,
      additionalFields: [{ name: 'parent_name', label: 'ФИО родителя', required: true }, schoolField],
    },
    {
      key: '2k',
      title: '2 км (11–14 лет)',
      description: 'Дистанция для старших школьников.',
      price: 700,
      capacity: { athlete: 300 },
      maxCount: 5,
      ageMin: 11,
      ageMax: 14,
      insurance: true,
      additionalFields: [{ name: 'parent_name', label: 'ФИО родителя', required: true }, schoolField],
    },
  ],
};

export const teamNames = [
  'Быстрые лоси',
  'Северный ветер',
  'Огненные пятки',
  'Команда мечты',
  'Железные ноги',
  'Стальные нервы',
  'Свои люди',
  'Второе дыхание',
];

/** The seeded team names in English (the English UI; migration 0020 gives them to databases seeded before). */
export const teamNamesEn: Record<string, string> = {
  'Быстрые лоси': 'Swift Moose',
  'Северный ветер': 'North Wind',
  'Огненные пятки': 'Fiery Heels',
  'Команда мечты': 'Dream Team',
  'Железные ноги': 'Iron Legs',
  'Стальные нервы': 'Nerves of Steel',
  'Свои люди': 'Our Own Folk',
  'Второе дыхание': 'Second Wind',
};

export const insuranceSeed = [
  {
    key: 'day',
    name: 'Страхование участника',
    title: 'Страховка на день старта',
    subtitle: 'Несчастный случай в день участия',
    description: 'Покрывает несчастные случаи в день участия в мероприятии: травмы, госпитализацию и медицинскую помощь.',
    footnote: 'Страховая сумма 100 000 ₽. Полис приходит на e-mail после оплаты.',
    price: 200,
    isDefault: true,
    activationDelay: 0,
    validityTime: 86_400,
    userPicksStart: false,
  },
  {
    key: 'season',
    name: 'Сезонная страховка',
    title: 'Страховка на 30 дней',
    subtitle: 'Тренировки и старты в течение месяца',
    description: 'Покрывает несчастные случаи на тренировках и соревнованиях в течение 30 дней с выбранной даты.',
    footnote: 'Страховая сумма 300 000 ₽. Начало действия — не раньше чем через сутки после оплаты.',
    price: 490,
    isDefault: false,
    activationDelay: 86_400,
    validityTime: 30 * 86_400,
    userPicksStart: true,
  },
].map((insurance) => ({
  ...insurance,
  legals: `/api/files/document/insurance-${insurance.key}`,
  logo: picture('insurances', insurance.key, insurance.name, 'square'),
}));
