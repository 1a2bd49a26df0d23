import { picture } from '../images';
import type { CityKey } from './locations';

/** News; `day` is relative to the seed date (negative: already published). */
export const newsSeed = [
  {
    key: 'season-open',
    day: -2,
    event: 'spring-run',
    title: 'Открыта регистрация на «Забег Героев. Весна»',
    description: 'Три города, три дистанции и новая медаль финишёра.',
    text: [
      'Регистрация на весенний забег открыта в Москве, Санкт-Петербурге и Казани.',
      'В этом году на всех дистанциях работает электронный хронометраж, а на старте — фестиваль с музыкой и фудкортом.',
      'Первые 500 участников получат футболку с символикой сезона.',
    ],
  },
  {
    key: 'night-stand',
    day: -5,
    event: 'night-run',
    title: 'На ночном забеге появится трибуна для болельщиков',
    description: 'Места на трибуне у финиша можно выбрать заранее.',
    text: [
      'Впервые на «Ночном забеге» в Москве появится трибуна на 100 мест.',
      'Места продаются с выбором сектора, ряда и места — как в театре.',
    ],
  },
  {
    key: 'insurance',
    day: -8,
    event: null,
    title: 'Страховка участника за 200 ₽',
    description: 'Полис на день старта оформляется прямо в корзине.',
    text: [
      'Теперь страховку от несчастного случая можно добавить к любому билету.',
      'Полис действует в день участия и приходит на e-mail сразу после оплаты.',
    ],
  },
  {
    key: 'kids-league',
    day: -12,
    event: 'kids-league',
    title: 'Детская лига открывает сезон',
    description: 'Старты для детей от 4 до 14 лет в Москве и Воронеже.',
    text: [
      'Дистанции подобраны по возрасту: от 500 метров для самых маленьких до 2 километров для школьников.',
      'Каждый финишёр получит медаль и диплом.',
    ],
  },
  {
    key: 'trail-ural',
    day: -15,
    event: 'ural-trail',
    title: 'Трейл Героев приходит на Урал',
    description: 'Три старта по уральским хребтам: Таганай, Уфа и Пермь.',
    text: [
      'Организаторы подготовили три дистанции с набором высоты до 2500 метров.',
      'Для дистанций 30 и 60 км нужна предварительная регистрация и медицинская справка.',
    ],
  },
  {
    key: 'winter-results',
    day: -50,
    event: 'winter-run',
    title: 'Итоги «Зимнего забега Героев»',
    description: 'Опубликованы протоколы забегов в Москве и Казани.',
    text: ['Более 3000 участников вышли на старт в морозное утро.', 'Протоколы и фотографии уже доступны в разделе результатов.'],
  },
  {
    key: 'bike-results',
    day: -25,
    event: 'bike-last-season',
    title: 'Велоночь: результаты командных гонок',
    description: 'Победители командных гонок в Санкт-Петербурге и Екатеринбурге.',
    text: ['Командные гонки стали самой зрелищной частью велоночи.', 'Полные протоколы — в разделе результатов.'],
  },
  {
    key: 'white-nights',
    day: -20,
    event: 'white-nights',
    title: 'Полумарафон «Белые ночи» — старт в 6 утра',
    description: 'Бежим по набережным Невы на рассвете.',
    text: [
      'Старт полумарафона назначен на 6 утра, чтобы участники застали самое красивое время белых ночей.',
      'Трасса проходит по набережным и мостам центра города.',
    ],
  },
  {
    key: 'clubs',
    day: -30,
    event: null,
    title: 'Клубы «Герои»: тренируйтесь вместе',
    description: 'Вступайте в беговые клубы и участвуйте в клубных соревнованиях.',
    text: ['В личном кабинете появился раздел клубов.', 'Загружайте результаты тренировок и соревнуйтесь с одноклубниками.'],
  },
  {
    key: 'amber',
    day: -35,
    event: 'amber-marathon',
    title: 'Марафон «Янтарный берег» откроет регистрацию',
    description: 'Марафон с финишем у Балтийского моря.',
    text: ['Регистрация на марафон проходит на сайте партнёра.', 'Трасса проходит через центр Калининграда и выходит к морю.'],
  },
  {
    key: 'shop',
    day: -40,
    event: null,
    title: 'Новая коллекция «Герои» в магазине',
    description: 'Худи, куртки и аксессуары лимитированной коллекции.',
    text: ['В магазине появилась лимитированная коллекция одежды «Герои».', 'Тираж каждой модели ограничен.'],
  },
].map((item) => ({ ...item, picture: picture('news', item.key, item.title) }));

export const competitionTypeSeed = [
  { key: 'run-time', title: 'Бег на время', unit: 'time' },
  { key: 'run-distance', title: 'Бег на дистанцию', unit: 'distance' },
  { key: 'bike-distance', title: 'Велозаезд', unit: 'distance' },
  { key: 'swim-time', title: 'Плавание', unit: 'time' },
] as const;

export const clubSeed: {
  key: string;
  title: string;
  description: string;
  city: CityKey;
  createdDay: number;
  competitions: { type: (typeof competitionTypeSeed)[number]['key']; title: string; description: string; startDay: number; days: number }[];
}[] = [
  {
    key: 'moscow-runners',
    title: 'Московские бегуны',
    description:
      'Беговой клуб в центре Москвы: тренировки по вторникам и четвергам на Воробьёвых горах, длинные пробежки по субботам. Принимаем бегунов любого уровня — от первых пяти километров до марафона.',
    city: 'moscow',
    createdDay: -900,
    competitions: [
      { type: 'run-time', title: 'Лучшие 5 км месяца', description: 'Пробегите 5 км быстрее всех в клубе.', startDay: -20, days: 30 },
      { type: 'run-distance', title: 'Сотка за месяц', description: 'Наберите 100 км за месяц.', startDay: -10, days: 30 },
    ],
  },
  {
    key: 'neva-run',
    title: 'Нева Ран',
    description:
      'Клуб любителей бега по набережным Санкт-Петербурга. Утренние пробежки, интервальные тренировки на стадионе и совместные поездки на старты.',
    city: 'petersburg',
    createdDay: -700,
    competitions: [{ type: 'run-time', title: 'Десятка на скорость', description: 'Лучшее время на 10 км.', startDay: -15, days: 45 }],
  },
  {
    key: 'kazan-triathlon',
    title: 'Казань Триатлон',
    description: 'Плавание, велосипед и бег: готовим к триатлонам от спринта до железной дистанции.',
    city: 'kazan',
    createdDay: -500,
    competitions: [
      { type: 'swim-time', title: 'Километр в бассейне', description: 'Проплывите 1000 м вольным стилем.', startDay: -5, days: 21 },
      { type: 'bike-distance', title: 'Велосотня', description: 'Суммарно 100 км за неделю.', startDay: -3, days: 7 },
    ],
  },
  {
    key: 'ural-trail-club',
    title: 'Уральские тропы',
    description: 'Трейловый клуб: выезды на Таганай и Зюраткуль, горные тренировки и походы.',
    city: 'chelyabinsk',
    createdDay: -400,
    competitions: [
      { type: 'run-distance', title: 'Вертикальный километр', description: 'Наберите 1000 м высоты за месяц.', startDay: -12, days: 30 },
    ],
  },
  {
    key: 'siberian-ski',
    title: 'Сибирская лыжня',
    description: 'Лыжный клуб Новосибирска: тренировки на «Нагорном», подготовка к массовым стартам.',
    city: 'novosibirsk',
    createdDay: -300,
    competitions: [
      { type: 'run-distance', title: 'Летний кросс', description: 'Беговая подготовка к лыжному сезону.', startDay: -8, days: 30 },
    ],
  },
  {
    key: 'south-bike',
    title: 'Южный вело',
    description: 'Велоклуб Краснодара: шоссе, гревел и ночные покатушки по городу.',
    city: 'krasnodar',
    createdDay: -200,
    competitions: [
      { type: 'bike-distance', title: 'Гранфондо месяца', description: 'Самая длинная поездка месяца.', startDay: -18, days: 30 },
    ],
  },
  {
    key: 'first-steps',
    title: 'Первые шаги',
    description: 'Клуб для тех, кто только начинает бегать: от нуля до 5 км за 8 недель.',
    city: 'voronezh',
    createdDay: -60,
    competitions: [],
  },
];

export const clubPicture = (key: string, title: string) => picture('clubs', key, title, 'square');

export const firstNames = {
  male: ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Иван', 'Михаил', 'Никита', 'Егор', 'Артём', 'Павел'],
  female: ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Ирина', 'Татьяна', 'Дарья', 'Полина', 'Светлана', 'Юлия'],
} as const;
export const lastNames = {
  male: ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Волков', 'Фёдоров', 'Орлов'],
  female: [
    'Иванова',
    'Смирнова',
    'Кузнецова',
    'Попова',
    'Соколова',
    'Лебедева',
    'Козлова',
    'Новикова',
    'Морозова',
    'Волкова',
    'Фёдорова',
    'Орлова',
  ],
} as const;

/** State register entries: names and numbers are invented for the demo. */
export const obrnadzorSeed = [
  { region: 'Москва', name: 'Спортивная школа олимпийского резерва № 7', form: 'ГБУ ДО', address: 'г. Москва, ул. Лужники, 24' },
  { region: 'Москва', name: 'Центр спортивной подготовки «Герои»', form: 'АНО ДО', address: 'г. Москва, Ленинградский пр., 39' },
  { region: 'Москва', name: 'Детско-юношеская спортивная школа «Сокольники»', form: 'ГБУ ДО', address: 'г. Москва, Сокольнический Вал, 1' },
  { region: 'Санкт-Петербург', name: 'Школа бега «Нева»', form: 'ЧУ ДО', address: 'г. Санкт-Петербург, Невский пр., 100' },
  {
    region: 'Санкт-Петербург',
    name: 'Спортивная школа олимпийского резерва по лёгкой атлетике',
    form: 'СПб ГБУ ДО',
    address: 'г. Санкт-Петербург, Крестовский пр., 21',
  },
  { region: 'Московская область', name: 'Спортивная школа «Балашиха»', form: 'МБУ ДО', address: 'г. Балашиха, ул. Советская, 10' },
  { region: 'Республика Татарстан', name: 'Спортивная школа по триатлону', form: 'МБУ ДО', address: 'г. Казань, ул. Федосеевская, 3' },
  { region: 'Республика Татарстан', name: 'Академия бега «Казань»', form: 'АНО ДО', address: 'г. Казань, ул. Баумана, 15' },
  {
    region: 'Свердловская область',
    name: 'Спортивная школа олимпийского резерва «Уралец»',
    form: 'ГАУ ДО',
    address: 'г. Екатеринбург, ул. Мичурина, 230',
  },
  {
    region: 'Свердловская область',
    name: 'Детско-юношеская спортивная школа по лыжным гонкам',
    form: 'МАУ ДО',
    address: 'г. Екатеринбург, ул. Шарташская, 5',
  },
  {
    region: 'Новосибирская область',
    name: 'Спортивная школа по лыжным гонкам «Нагорный»',
    form: 'МБУ ДО',
    address: 'г. Новосибирск, ул. Лесосечная, 2',
  },
  { region: 'Новосибирская область', name: 'Центр детского спорта «Сибирь»', form: 'ГАУ ДО', address: 'г. Новосибирск, ул. Ленина, 20' },
  {
    region: 'Краснодарский край',
    name: 'Спортивная школа по велоспорту «Кубань»',
    form: 'МБУ ДО',
    address: 'г. Краснодар, ул. Красная, 1',
  },
  { region: 'Краснодарский край', name: 'Школа плавания «Олимпийский парк»', form: 'ЧУ ДО', address: 'г. Сочи, Олимпийский пр., 21' },
  {
    region: 'Нижегородская область',
    name: 'Спортивная школа по плаванию «Волга»',
    form: 'МБУ ДО',
    address: 'г. Нижний Новгород, Нижне-Волжская наб., 5',
  },
  {
    region: 'Самарская область',
    name: 'Спортивная школа олимпийского резерва № 3',
    form: 'ГБУ ДО',
    address: 'г. Самара, Волжский пр., 10',
  },
  {
    region: 'Челябинская область',
    name: 'Спортивная школа по спортивному ориентированию',
    form: 'МБУ ДО',
    address: 'г. Челябинск, ул. Кирова, 100',
  },
  {
    region: 'Ростовская область',
    name: 'Детско-юношеская спортивная школа «Дон»',
    form: 'МБУ ДО',
    address: 'г. Ростов-на-Дону, ул. Левобережная, 2',
  },
  { region: 'Приморский край', name: 'Спортивная школа «Океан»', form: 'КГБУ ДО', address: 'г. Владивосток, ул. Батарейная, 1' },
  { region: 'Калининградская область', name: 'Школа марафона «Янтарь»', form: 'АНО ДО', address: 'г. Калининград, пл. Победы, 1' },
  { region: 'Воронежская область', name: 'Детская спортивная школа «Первые шаги»', form: 'МБУ ДО', address: 'г. Воронеж, ул. Ленина, 2' },
  { region: 'Республика Башкортостан', name: 'Спортивная школа по трейлраннингу', form: 'МБУ ДО', address: 'г. Уфа, ул. Кашкадан, 1' },
] as const;

/** Demo accounts the README lists; the passwords are meant to be typed in the demo. */
export const demoUserSeed = [
  {
    key: 'demo',
    email: 'demo@geroi.example',
    password: 'Demo1234',
    phone: '79990000001',
    name: 'Иван',
    lastName: 'Петров',
    secondName: 'Сергеевич',
    birthDate: '1990-05-14',
    gender: 'male',
    roles: [] as string[],
    clubs: ['moscow-runners', 'neva-run'],
  },
  {
    key: 'vip',
    email: 'vip@geroi.example',
    password: 'Vip12345',
    phone: '79990000002',
    name: 'Мария',
    lastName: 'Соколова',
    secondName: null,
    birthDate: '1985-09-02',
    gender: 'female',
    roles: ['vip'],
    clubs: ['kazan-triathlon'],
  },
  {
    // Checks tickets in at the start line of every event (issue 24): the seed adds its `event_staff` rows.
    key: 'staff',
    email: 'staff@geroi.example',
    password: 'Staff1234',
    phone: '79990000003',
    name: 'Ольга',
    lastName: 'Волонтёрова',
    secondName: null,
    birthDate: '1995-03-21',
    gender: 'female',
    roles: [] as string[],
    clubs: [],
    staffOfEveryEvent: true,
  },
  {
    // The owner of «Забег Героев», the organisation running every seeded event but one (issue 31).
    key: 'org',
    email: 'org@geroi.example',
    password: 'Org12345',
    phone: '79990000004',
    name: 'Алексей',
    lastName: 'Организаторов',
    secondName: null,
    birthDate: '1980-11-11',
    gender: 'male',
    roles: [] as string[],
    clubs: [],
    ownerOf: 'heroes',
  },
  {
    // The owner of «Северный полумарафон», a second organisation with one event of its own (scoping is seen).
    key: 'north',
    email: 'north@geroi.example',
    password: 'North1234',
    phone: '79990000005',
    name: 'Нина',
    lastName: 'Северова',
    secondName: null,
    birthDate: '1983-02-14',
    gender: 'female',
    roles: [] as string[],
    clubs: [],
    ownerOf: 'north',
  },
] as const;

/** The organisations of the seed (issue 31): «Забег Героев» runs every seeded event but the ones listed for another. */
export const organisationSeed = [
  { key: 'heroes', name: 'Забег Героев', events: null },
  { key: 'north', name: 'Северный полумарафон', events: ['white-nights'] },
] as const;
