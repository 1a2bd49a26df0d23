/**
 * The seed's English texts, by the Russian text they translate. The seed writes `english(text)` into
 * the `*_en` column beside every Russian catalogue text it writes, and `english` throws on a text it
 * does not know: a Russian text added to the seed without its translation fails the seed (and its
 * tests) instead of leaving an English page half Russian. Names keep their sense rather than their
 * letters («Нева Ран» → Neva Run); street addresses are transliterated the way maps spell them.
 */
const texts: Record<string, string> = {
  // Projects and event types.
  'Беговое движение «Герои»': 'Heroes Running Movement',
  'Зимние старты «Герои»': 'Heroes Winter Races',
  'Велосезон «Герои»': 'Heroes Cycling Season',
  'Открытая вода «Герои»': 'Heroes Open Water',
  'Забег Героев': 'Heroes Run',
  'Городские забеги на 5, 10 и 21,1 км по центральным улицам, перекрытым для участников.':
    'City runs of 5, 10 and 21.1 km through central streets closed to traffic for the runners.',
  'Ночной забег': 'Night Run',
  'Старт после заката, подсветка трассы, музыка и фонарики вместо солнца.':
    'A start after sunset, a lit course, music and head torches instead of the sun.',
  'Трейл Героев': 'Heroes Trail',
  'Бег по пересечённой местности: лесные тропы, подъёмы и спуски, пункты питания на трассе.':
    'Cross-country running: forest paths, climbs and descents, feed stations along the course.',
  'Детская лига': 'Kids League',
  'Забеги для детей от 4 до 14 лет: короткие дистанции, медаль каждому финишёру.':
    'Races for children aged 4 to 14: short distances and a medal for every finisher.',
  'Лыжня Героев': 'Heroes Ski Track',
  'Массовые лыжные гонки классическим и свободным стилем.': 'Mass-participation cross-country ski races, classic and free style.',
  Велоночь: 'Bike Night',
  'Ночной велопробег по городу: шоссейные и прогулочные дистанции.': 'A night ride through the city: road and leisure distances.',
  'Открытая вода': 'Open Water',
  'Заплывы на открытой воде на 1 и 3 км и эстафета.': 'Open-water swims of 1 and 3 km and a relay.',

  // Events.
  'Забег Героев. Весна': 'Heroes Run: Spring',
  'Главный весенний забег сезона: три дистанции, медаль финишёра и фестиваль на старте.':
    "The season's main spring run: three distances, a finisher's medal and a festival at the start.",
  'Забег по ночному городу со световым шоу на финише и трибуной для болельщиков.':
    'A run through the city at night with a light show at the finish and a stand for supporters.',
  'Лыжня Героев. Сибирь': 'Heroes Ski Track: Siberia',
  'Лыжные гонки на подготовленных трассах с прокатом инвентаря и горячим чаем на финише.':
    'Ski races on groomed tracks, with equipment hire and hot tea at the finish.',
  'Ночной велопробег по перекрытым улицам: 25 и 50 км, командная гонка и фестиваль.':
    'A night ride on closed streets: 25 and 50 km, a team race and a festival.',
  'Открытая вода. Волга': 'Open Water: Volga',
  'Заплывы на Волге с безопасной акваторией, спасателями и подогретым шатром на берегу.':
    'Swims in the Volga in a safe marked area, with lifeguards and a heated tent on the shore.',
  'Трейл Героев. Урал': 'Heroes Trail: Urals',
  'Трейлы по уральским хребтам: 12, 30 и 60 км с набором высоты до 2500 м.':
    'Trails along the Ural ridges: 12, 30 and 60 km with up to 2,500 m of climbing.',
  'Первые старты для самых маленьких: дистанции по возрасту, аниматоры и медаль каждому.':
    'First races for the youngest: distances by age, entertainers and a medal for everyone.',
  'Полумарафон «Белые ночи»': 'White Nights Half Marathon',
  'Полумарафон по набережным Невы в самое светлое время года.':
    'A half marathon along the Neva embankments in the brightest time of the year.',
  'Забег Героев. Осень': 'Heroes Run: Autumn',
  'Осенний забег на юге: тёплая погода и лучшие личные рекорды.': 'An autumn run in the south: warm weather and personal bests.',
  'Забег Героев. Дальний Восток': 'Heroes Run: Far East',
  'Забег вдоль Тихого океана и Байкала: стартуем первыми в стране.':
    'A run by the Pacific and Lake Baikal: the first start in the country.',
  'Марафон «Янтарный берег»': 'Amber Coast Marathon',
  'Марафон по Калининграду и Куршской косе с финишем у моря.':
    'A marathon through Kaliningrad and the Curonian Spit, finishing by the sea.',
  'Сибирский забег': 'Siberian Run',
  'Забег по набережным Иртыша и Туры с горячим обедом для финишёров.':
    'A run along the Irtysh and Tura embankments with a hot lunch for finishers.',
  'Зимний забег Героев': 'Heroes Winter Run',
  'Зимний забег прошедшего сезона: результаты и фотографии уже опубликованы.':
    "Last season's winter run: the results and photos are already published.",
  'Велоночь. Итоги сезона': 'Bike Night: Season Results',
  'Прошедшая велоночь: протоколы гонок и командные результаты.': 'The past Bike Night: race results and team standings.',

  // Event venues.
  'Лужнецкая наб., 24, стр. 1': '24 Luzhnetskaya Embankment, bldg 1',
  'Дворцовая пл., 2': '2 Palace Square',
  'ул. Федосеевская, 1': '1 Fedoseevskaya St',
  'Парк Горького, Крымский Вал, 9': 'Gorky Park, 9 Krymsky Val',
  'Плотинка, пр. Ленина, 36': 'Plotinka, 36 Lenin Ave',
  'Лыжная база «Нагорный», ул. Лесосечная, 2': 'Nagorny Ski Centre, 2 Lesosechnaya St',
  'Фанпарк «Бобровый лог», ул. Сибирская, 92': 'Bobrovy Log Fun Park, 92 Sibirskaya St',
  'Воробьёвы горы, ул. Косыгина, 28': 'Sparrow Hills, 28 Kosygina St',
  'Парк «Краснодар», ул. Разведчика Леонова, 1': 'Krasnodar Park, 1 Razvedchika Leonova St',
  'Нижне-Волжская наб., 1': '1 Nizhne-Volzhskaya Embankment',
  'Пляж «Ладья», Волжский пр.': 'Ladya Beach, Volzhsky Ave',
  'Таганай, турбаза «Старый Таганай»': 'Taganay, Old Taganay camp',
  'Парк «Кашкадан», ул. Кашкадан, 1': 'Kashkadan Park, 1 Kashkadan St',
  'Парк «Черняевский лес», ш. Космонавтов, 1': 'Chernyaevsky Forest Park, 1 Kosmonavtov Hwy',
  'Парк «Сокольники», Сокольнический Вал, 1': 'Sokolniki Park, 1 Sokolnichesky Val',
  'Центральный парк, ул. Ленина, 2': 'Central Park, 2 Lenin St',
  'Стрелка Васильевского острова': 'Spit of Vasilyevsky Island',
  'Левобережный парк, ул. Левобережная, 2': 'Left Bank Park, 2 Levoberezhnaya St',
  'Олимпийский парк, Олимпийский пр., 21': 'Olympic Park, 21 Olimpiysky Ave',
  'Спортивная набережная, ул. Батарейная, 1': 'Sports Embankment, 1 Batareynaya St',
  'Нижняя наб. Ангары, 130 квартал': 'Lower Angara Embankment, 130th Quarter',
  'Площадь Победы, 1': '1 Victory Square',
  'Иртышская наб., 1': '1 Irtysh Embankment',
  'Набережная Туры, ул. Водопроводная, 1': 'Tura Embankment, 1 Vodoprovodnaya St',
  'Парк «Измайлово», Народный пр., 17': 'Izmailovo Park, 17 Narodny Ave',
  'Парк Горького, ул. Ершова, 1': 'Gorky Park, 1 Ershova St',
  'Крестовский остров, Футбольная аллея, 1': 'Krestovsky Island, 1 Futbolnaya Alley',
  'ЦПКиО им. Маяковского, ул. Мичурина, 230': 'Mayakovsky Central Park, 230 Michurina St',

  // Formats.
  '5 км': '5 km',
  'Онлайн 5 км': 'Online 5 km',
  // The organiser pages' pictures (data/pages.ts).
  'Корпоративная команда на старте': 'A corporate team at the start',
  'Стартовый городок и выдача пакетов': 'The start village and race pack pick-up',
  'Пресс-центр на финише': 'The press centre at the finish',
  'Новогодний забег в костюмах': 'The New Year run in costumes',
  'Бегите там, где удобно': 'Run wherever suits you',
  'Фотографы на трассе': 'Photographers on the course',
  Финиш: 'Finish',
  Старт: 'Start',
  Медали: 'Medals',
  'Пробегите 5 км в любом месте в день забега и отправьте своё время со страницы билета.':
    'Run 5 km anywhere on race day and send your time from the ticket page.',
  'Виртуальный формат: стартовый пакет и медаль приходят почтой.': 'A virtual format: the race pack and the medal come by post.',
  '10 км': '10 km',
  '21,1 км': '21.1 km',
  '25 км': '25 km',
  '50 км': '50 km',
  '1 км': '1 km',
  '3 км': '3 km',
  '12 км': '12 km',
  '30 км': '30 km',
  'Дистанция для новичков и тех, кто бежит за компанию.': 'A distance for beginners and for those who run to keep a friend company.',
  'Классическая городская десятка с электронным хронометражем.': 'The classic city 10K with electronic timing.',
  'Полумарафон: медицинская справка обязательна, номер можно выбрать.':
    'A half marathon: a medical certificate is required, and you can choose your bib number.',
  'Эстафета 4×5 км': 'Relay 4×5 km',
  'Команда из четырёх человек, каждый бежит свой этап.': 'A team of four, each running one leg.',
  'VIP 10 км': 'VIP 10 km',
  'Отдельная зона старта, камера хранения и обед после финиша.': 'A separate start area, a cloakroom and lunch after the finish.',
  'Доступно по приглашению.': 'By invitation only.',
  'Ночная пятёрка при свете фонарей.': 'A night 5K under the street lights.',
  'Ночная десятка со световым шоу на финише.': 'A night 10K with a light show at the finish.',
  'Корпоративная команда': 'Corporate team',
  'Команда коллег от 2 до 10 человек.': 'A team of 2 to 10 colleagues.',
  'Трибуна болельщиков': "Supporters' stand",
  'Место на трибуне у финиша: сектор, ряд и место.': 'A seat in the stand by the finish: sector, row and seat.',
  '10 км классика': '10 km classic',
  'Классический стиль, раздельный старт.': 'Classic style, interval start.',
  '30 км свободный стиль': '30 km free style',
  'Масс-старт коньковым ходом.': 'A mass start, skating technique.',
  'Семейная эстафета': 'Family relay',
  'Три участника одной семьи, этапы по 3 км.': 'Three members of one family, 3 km legs.',
  'Прогулочная дистанция в спокойном темпе.': 'A leisure distance at an easy pace.',
  'Шоссейная дистанция с хронометражем.': 'A timed road distance.',
  'Командная гонка': 'Team race',
  'Пять райдеров, время по третьему финишёру.': "Five riders; the team's time is its third finisher's.",
  'Заплыв в гидрокостюме или без.': 'A swim with or without a wetsuit.',
  'Длинный заплыв, нужна справка о допуске.': 'A long swim; a medical clearance certificate is required.',
  'Эстафета 4×500 м': 'Relay 4×500 m',
  'Команда из четырёх пловцов.': 'A team of four swimmers.',
  'Короткий трейл с набором 400 м.': 'A short trail with 400 m of climbing.',
  'Набор 1200 м, обязательное снаряжение.': '1,200 m of climbing, mandatory kit.',
  'Ультра 60 км': 'Ultra 60 km',
  'Набор 2500 м, квалификация обязательна.': '2,500 m of climbing, qualification required.',
  '500 м (4–6 лет)': '500 m (ages 4–6)',
  'Первый старт в жизни.': 'The first race of their life.',
  '1 км (7–10 лет)': '1 km (ages 7–10)',
  'Дистанция для младших школьников.': 'A distance for younger schoolchildren.',
  '2 км (11–14 лет)': '2 km (ages 11–14)',
  'Дистанция для старших школьников.': 'A distance for older schoolchildren.',
  'Беговой клуб': 'Running club',
  'Телефон для экстренной связи': 'Emergency contact phone',
  'Стартовая волна': 'Start wave',
  Компания: 'Company',
  'ФИО родителя': "Parent's full name",
  'Спортивная школа': 'Sports school',
  'Каникросс 3 км': 'Canicross 3 km',
  'Забег с собакой: регистрация на сайте партнёра.': "A run with your dog: registration on the partner's site.",
  'Скандинавская ходьба 5 км': 'Nordic walking 5 km',
  'Ходьба с палками: регистрация на сайте партнёра.': "Walking with poles: registration on the partner's site.",

  // Insurances.
  'Страхование участника': 'Participant insurance',
  'Страховка на день старта': 'Race-day insurance',
  'Несчастный случай в день участия': 'Accidents on the day you take part',
  'Покрывает несчастные случаи в день участия в мероприятии: травмы, госпитализацию и медицинскую помощь.':
    'Covers accidents on the day you take part in the event: injuries, hospital stays and medical care.',
  'Страховая сумма 100 000 ₽. Полис приходит на e-mail после оплаты.': 'Sum insured ₽100,000. The policy is e-mailed to you after payment.',
  'Сезонная страховка': 'Season insurance',
  'Страховка на 30 дней': '30-day insurance',
  'Тренировки и старты в течение месяца': 'Training and races for a month',
  'Покрывает несчастные случаи на тренировках и соревнованиях в течение 30 дней с выбранной даты.':
    'Covers accidents in training and competitions for 30 days from the date you choose.',
  'Страховая сумма 300 000 ₽. Начало действия — не раньше чем через сутки после оплаты.':
    'Sum insured ₽300,000. Cover starts no earlier than a day after payment.',

  // Regions.
  Москва: 'Moscow',
  'Санкт-Петербург': 'Saint Petersburg',
  'Московская область': 'Moscow Oblast',
  'Новосибирская область': 'Novosibirsk Oblast',
  'Свердловская область': 'Sverdlovsk Oblast',
  'Республика Татарстан': 'Republic of Tatarstan',
  'Нижегородская область': 'Nizhny Novgorod Oblast',
  'Самарская область': 'Samara Oblast',
  'Челябинская область': 'Chelyabinsk Oblast',
  'Ростовская область': 'Rostov Oblast',
  'Краснодарский край': 'Krasnodar Krai',
  'Воронежская область': 'Voronezh Oblast',
  'Республика Башкортостан': 'Republic of Bashkortostan',
  'Красноярский край': 'Krasnoyarsk Krai',
  'Пермский край': 'Perm Krai',
  'Приморский край': 'Primorsky Krai',
  'Калининградская область': 'Kaliningrad Oblast',
  'Омская область': 'Omsk Oblast',
  'Тюменская область': 'Tyumen Oblast',
  'Иркутская область': 'Irkutsk Oblast',

  // Cities.
  Новосибирск: 'Novosibirsk',
  Екатеринбург: 'Yekaterinburg',
  Казань: 'Kazan',
  'Нижний Новгород': 'Nizhny Novgorod',
  Самара: 'Samara',
  Челябинск: 'Chelyabinsk',
  'Ростов-на-Дону': 'Rostov-on-Don',
  Краснодар: 'Krasnodar',
  Сочи: 'Sochi',
  Воронеж: 'Voronezh',
  Уфа: 'Ufa',
  Красноярск: 'Krasnoyarsk',
  Пермь: 'Perm',
  Владивосток: 'Vladivostok',
  Калининград: 'Kaliningrad',
  Омск: 'Omsk',
  Тюмень: 'Tyumen',
  Иркутск: 'Irkutsk',
  Балашиха: 'Balashikha',
  Химки: 'Khimki',

  // News.
  'Открыта регистрация на «Забег Героев. Весна»': 'Registration is open for Heroes Run: Spring',
  'Три города, три дистанции и новая медаль финишёра.': "Three cities, three distances and a new finisher's medal.",
  'Регистрация на весенний забег открыта в Москве, Санкт-Петербурге и Казани.':
    'Registration for the spring run is open in Moscow, Saint Petersburg and Kazan.',
  'В этом году на всех дистанциях работает электронный хронометраж, а на старте — фестиваль с музыкой и фудкортом.':
    'This year every distance has electronic timing, and the start hosts a festival with music and a food court.',
  'Первые 500 участников получат футболку с символикой сезона.': "The first 500 entrants get a T-shirt with the season's emblem.",
  'На ночном забеге появится трибуна для болельщиков': 'The Night Run gets a stand for supporters',
  'Места на трибуне у финиша можно выбрать заранее.': 'Seats in the stand by the finish can be chosen in advance.',
  'Впервые на «Ночном забеге» в Москве появится трибуна на 100 мест.':
    'For the first time, the Night Run in Moscow will have a 100-seat stand.',
  'Места продаются с выбором сектора, ряда и места — как в театре.': 'You choose your sector, row and seat, just as at the theatre.',
  'Страховка участника за 200 ₽': 'Participant insurance for ₽200',
  'Полис на день старта оформляется прямо в корзине.': 'A race-day policy is added right in the basket.',
  'Теперь страховку от несчастного случая можно добавить к любому билету.': 'Accident insurance can now be added to any ticket.',
  'Полис действует в день участия и приходит на e-mail сразу после оплаты.':
    'The policy covers the day you take part and is e-mailed to you right after payment.',
  'Детская лига открывает сезон': 'The Kids League opens its season',
  'Старты для детей от 4 до 14 лет в Москве и Воронеже.': 'Races for children aged 4 to 14 in Moscow and Voronezh.',
  'Дистанции подобраны по возрасту: от 500 метров для самых маленьких до 2 километров для школьников.':
    'Distances suit each age: from 500 metres for the youngest to 2 kilometres for schoolchildren.',
  'Каждый финишёр получит медаль и диплом.': 'Every finisher gets a medal and a certificate.',
  'Трейл Героев приходит на Урал': 'Heroes Trail comes to the Urals',
  'Три старта по уральским хребтам: Таганай, Уфа и Пермь.': 'Three races along the Ural ridges: Taganay, Ufa and Perm.',
  'Организаторы подготовили три дистанции с набором высоты до 2500 метров.':
    'The organisers have prepared three distances with up to 2,500 metres of climbing.',
  'Для дистанций 30 и 60 км нужна предварительная регистрация и медицинская справка.':
    'The 30 and 60 km distances need pre-registration and a medical certificate.',
  'Итоги «Зимнего забега Героев»': 'Heroes Winter Run: the results',
  'Опубликованы протоколы забегов в Москве и Казани.': 'The results of the runs in Moscow and Kazan are published.',
  'Более 3000 участников вышли на старт в морозное утро.': 'More than 3,000 runners lined up at the start on a frosty morning.',
  'Протоколы и фотографии уже доступны в разделе результатов.': 'Results and photos are already in the Results section.',
  'Велоночь: результаты командных гонок': 'Bike Night: team race results',
  'Победители командных гонок в Санкт-Петербурге и Екатеринбурге.': 'The winners of the team races in Saint Petersburg and Yekaterinburg.',
  'Командные гонки стали самой зрелищной частью велоночи.': 'The team races were the most spectacular part of Bike Night.',
  'Полные протоколы — в разделе результатов.': 'Full results are in the Results section.',
  'Полумарафон «Белые ночи» — старт в 6 утра': 'White Nights Half Marathon starts at 6 a.m.',
  'Бежим по набережным Невы на рассвете.': 'We run along the Neva embankments at dawn.',
  'Старт полумарафона назначен на 6 утра, чтобы участники застали самое красивое время белых ночей.':
    'The half marathon starts at 6 a.m., so that runners catch the most beautiful hours of the White Nights.',
  'Трасса проходит по набережным и мостам центра города.': "The course follows the embankments and bridges of the city's centre.",
  'Клубы «Герои»: тренируйтесь вместе': 'Heroes clubs: train together',
  'Вступайте в беговые клубы и участвуйте в клубных соревнованиях.': 'Join running clubs and take part in club competitions.',
  'В личном кабинете появился раздел клубов.': 'Your account now has a Clubs section.',
  'Загружайте результаты тренировок и соревнуйтесь с одноклубниками.': 'Upload your training results and compete with your clubmates.',
  'Марафон «Янтарный берег» откроет регистрацию': 'Amber Coast Marathon to open registration',
  'Марафон с финишем у Балтийского моря.': 'A marathon finishing by the Baltic Sea.',
  'Регистрация на марафон проходит на сайте партнёра.': "Registration for the marathon is on the partner's site.",
  'Трасса проходит через центр Калининграда и выходит к морю.': 'The course runs through the centre of Kaliningrad and out to the sea.',
  'Новая коллекция «Герои» в магазине': 'A new Heroes collection in the shop',
  'Худи, куртки и аксессуары лимитированной коллекции.': 'Hoodies, jackets and accessories from a limited collection.',
  'В магазине появилась лимитированная коллекция одежды «Герои».': 'The shop now has a limited Heroes clothing collection.',
  'Тираж каждой модели ограничен.': 'Each item is made in a limited run.',

  // Clubs and their competitions.
  'Бег на время': 'Timed run',
  'Бег на дистанцию': 'Distance run',
  Велозаезд: 'Bike ride',
  Плавание: 'Swimming',
  'Московские бегуны': 'Moscow Runners',
  'Беговой клуб в центре Москвы: тренировки по вторникам и четвергам на Воробьёвых горах, длинные пробежки по субботам. Принимаем бегунов любого уровня — от первых пяти километров до марафона.':
    'A running club in the centre of Moscow: sessions on Tuesdays and Thursdays on Sparrow Hills, long runs on Saturdays. Runners of every level are welcome, from their first five kilometres to the marathon.',
  'Лучшие 5 км месяца': 'Best 5K of the month',
  'Пробегите 5 км быстрее всех в клубе.': 'Run 5 km faster than anyone else in the club.',
  'Сотка за месяц': 'A hundred in a month',
  'Наберите 100 км за месяц.': 'Run 100 km in a month.',
  'Нева Ран': 'Neva Run',
  'Клуб любителей бега по набережным Санкт-Петербурга. Утренние пробежки, интервальные тренировки на стадионе и совместные поездки на старты.':
    "A club for those who love running along Saint Petersburg's embankments. Morning runs, interval sessions at the stadium and trips to races together.",
  'Десятка на скорость': '10K for speed',
  'Лучшее время на 10 км.': 'The best 10 km time.',
  'Казань Триатлон': 'Kazan Triathlon',
  'Плавание, велосипед и бег: готовим к триатлонам от спринта до железной дистанции.':
    'Swimming, cycling and running: we prepare you for triathlons from sprint to Ironman distance.',
  'Километр в бассейне': 'A kilometre in the pool',
  'Проплывите 1000 м вольным стилем.': 'Swim 1,000 m freestyle.',
  Велосотня: 'Bike hundred',
  'Суммарно 100 км за неделю.': '100 km in total within a week.',
  'Уральские тропы': 'Ural Trails',
  'Трейловый клуб: выезды на Таганай и Зюраткуль, горные тренировки и походы.':
    'A trail club: trips to Taganay and Zyuratkul, mountain training and hikes.',
  'Вертикальный километр': 'Vertical kilometre',
  'Наберите 1000 м высоты за месяц.': 'Climb 1,000 m in a month.',
  'Сибирская лыжня': 'Siberian Ski Track',
  'Лыжный клуб Новосибирска: тренировки на «Нагорном», подготовка к массовым стартам.':
    'A Novosibirsk ski club: sessions at Nagorny and preparation for mass races.',
  'Летний кросс': 'Summer cross-country',
  'Беговая подготовка к лыжному сезону.': 'Running to get ready for the ski season.',
  'Южный вело': 'South Bike',
  'Велоклуб Краснодара: шоссе, гревел и ночные покатушки по городу.':
    'A Krasnodar cycling club: road, gravel and night rides around the city.',
  'Гранфондо месяца': 'Gran fondo of the month',
  'Самая длинная поездка месяца.': 'The longest ride of the month.',
  'Первые шаги': 'First Steps',
  'Клуб для тех, кто только начинает бегать: от нуля до 5 км за 8 недель.':
    'A club for those just starting to run: from zero to 5 km in 8 weeks.',

  // Shop: categories, delivery, banners.
  Одежда: 'Clothing',
  'Футболки участников': "Participants' T-shirts",
  Аксессуары: 'Accessories',
  'Спортивное питание': 'Sports nutrition',
  Сувениры: 'Souvenirs',
  'Коллекция «Герои»': 'Heroes collection',
  Курьером: 'By courier',
  'Почта России': 'Russian Post',
  'Самовывоз из пункта выдачи': 'Collect from a pick-up point',
  'Получение стартового пакета на выставке': 'Collect the race pack at the expo',
  'Доставка стартового пакета курьером': 'Race pack delivery by courier',
  'Электронный сертификат на e-mail': 'E-certificate by e-mail',
  'Кроссовки для асфальта': 'Road running shoes',
  'Спортивные часы с GPS': 'GPS sports watch',
  'Мембранная куртка': 'Membrane jacket',
  'Беспроводные наушники': 'Wireless headphones',
  'Спортивные очки': 'Sports glasses',
  'Компрессионные гольфы': 'Compression socks',
  'Скидки до 30% на коллекцию «Герои»': 'Up to 30% off the Heroes collection',
  'Сезон забегов открыт': 'The running season is open',
  'Детская лига: первый старт': 'Kids League: the first race',
  'Фляга с мягкими стенками': 'Soft flask',
  'Гели на дистанцию': 'Gels for the race',
  'Беговой пояс': 'Running belt',
  'Кепка с защитой от солнца': 'Sun-protection cap',

  // Shop: products.
  'Худи «Герои»': 'Heroes hoodie',
  'Тёплое худи из футера с начёсом и вышитым логотипом.': 'A warm brushed fleece hoodie with an embroidered logo.',
  'Ветровка беговая': 'Running windbreaker',
  'Лёгкая ветровка со светоотражающими вставками, складывается в карман.':
    'A light windbreaker with reflective panels that packs into its own pocket.',
  'Тайтсы женские': "Women's tights",
  'Компрессионные тайтсы с карманом для телефона.': 'Compression tights with a phone pocket.',
  'Шорты беговые мужские': "Men's running shorts",
  'Шорты с внутренними трусами-сеткой и карманом на молнии.': 'Shorts with a mesh inner brief and a zip pocket.',
  'Лонгслив термо': 'Thermal long sleeve',
  'Термобельё для зимних тренировок.': 'Thermal base layer for winter training.',
  'Жилет утеплённый': 'Insulated vest',
  'Жилет с наполнителем для прохладных стартов.': 'A padded vest for cool race mornings.',
  'Топ спортивный': 'Sports top',
  'Топ со средней поддержкой для бега.': 'A medium-support running top.',
  'Футболка с именем': 'Personalised T-shirt',
  'Футболка с вашим именем или текстом на спине.': 'A T-shirt with your name or a text of your choice on the back.',
  'Кепка беговая': 'Running cap',
  'Лёгкая кепка с сеткой и светоотражающим логотипом.': 'A light mesh cap with a reflective logo.',
  Бафф: 'Buff',
  'Многофункциональный бафф: шапка, шарф или повязка.': 'A multifunctional buff: a hat, a scarf or a headband.',
  'Носки беговые': 'Running socks',
  'Носки с усиленной пяткой и мыском.': 'Socks with a reinforced heel and toe.',
  'Пояс для номера': 'Race number belt',
  'Эластичный пояс с петлями для гелей.': 'An elastic belt with gel loops.',
  'Налобный фонарь': 'Head torch',
  'Фонарь 300 лм для ночных забегов, заряжается от USB.': 'A 300 lm torch for night runs, USB rechargeable.',
  'Перчатки беговые': 'Running gloves',
  'Тонкие перчатки с сенсорными пальцами.': 'Thin gloves with touchscreen fingertips.',
  'Рюкзак-жилет 5 л': 'Running vest pack 5 l',
  'Беговой рюкзак с двумя мягкими флягами.': 'A running pack with two soft flasks.',
  'Бутылка 750 мл': 'Bottle 750 ml',
  'Бутылка с клапаном, без BPA.': 'A BPA-free bottle with a valve.',
  'Набор гелей, 6 шт.': 'Gel pack, 6 pcs',
  'Энергетические гели с кофеином и без.': 'Energy gels with and without caffeine.',
  'Изотоник, 500 г': 'Isotonic drink, 500 g',
  'Порошок для приготовления 10 л напитка, вкус апельсина.': 'Powder for 10 l of drink, orange flavour.',
  'Протеиновые батончики, 12 шт.': 'Protein bars, 12 pcs',
  'Батончики с 20 г белка.': 'Bars with 20 g of protein.',
  Медальница: 'Medal hanger',
  'Настенная медальница из металла с гравировкой «Герои».': 'A metal wall medal hanger engraved "Heroes".',
  'Кружка «Финишёр»': 'Finisher mug',
  'Керамическая кружка 350 мл.': 'A 350 ml ceramic mug.',
  'Магнит с медалью': 'Medal magnet',
  'Магнит с миниатюрой медали сезона.': "A magnet with a miniature of the season's medal.",
  'Рамка для диплома': 'Certificate frame',
  'Рамка А4 для диплома финишёра.': "An A4 frame for a finisher's certificate.",
  'Худи «Герой сезона»': 'Hero of the Season hoodie',
  'Лимитированная коллекция: худи для тех, кто пробежал все старты сезона.':
    'Limited collection: a hoodie for those who ran every race of the season.',
  'Футболка «Герой»': 'Hero T-shirt',
  'Футболка лимитированной коллекции.': 'A T-shirt from the limited collection.',
  'Кепка «Герой»': 'Hero cap',
  'Кепка лимитированной коллекции.': 'A cap from the limited collection.',
  'Сумка-шопер «Герой»': 'Hero tote bag',
  'Плотный хлопковый шопер.': 'A heavy cotton tote bag.',
  'Значок «Герой»': 'Hero pin',
  'Эмалированный значок.': 'An enamel pin.',
  'Куртка женская «Герой»': "Women's Hero jacket",
  'Утеплённая куртка приталенного кроя.': 'An insulated jacket with a fitted cut.',
  'Куртка мужская «Герой»': "Men's Hero jacket",
  'Утеплённая куртка прямого кроя.': 'An insulated jacket with a straight cut.',
  'Футляр для медали «Весна»': 'Spring medal case',
  'Бархатный футляр для медали весеннего забега.': 'A velvet case for the spring run medal.',
  'Мигалка на одежду': 'Clip-on safety light',
  'Светодиодная клипса для ночного забега.': 'An LED clip for the night run.',
  Велоперчатки: 'Cycling gloves',
  'Перчатки без пальцев с гелевыми вставками.': 'Fingerless gloves with gel pads.',
  'Трекинговые палки': 'Trekking poles',
  'Складные карбоновые палки, 110–130 см.': 'Folding carbon poles, 110–130 cm.',
  Универсальный: 'One size',
  'Техническая футболка из дышащей ткани с символикой забега.': "A technical T-shirt in breathable fabric with the race's emblem.",
  'Оплачивает билеты и товары «Лиги героев». Действует год с покупки.':
    'Pays for Heroes League tickets and goods. Valid for a year from purchase.',
};

/** The English text of a Russian seed text; throws for one without a translation. */
export function english(russian: string): string {
  const text = texts[russian];
  if (text === undefined) throw new Error(`seed: no English text for «${russian}»`);
  return text;
}

/** A size's English name: sizes written in Cyrillic are translated, S, XL or 35–38 need none (null). */
export const englishSize = (name: string): string | null => (/[А-Яа-яЁё]/.test(name) ? english(name) : null);

/** A participant shirt's title: «Футболка участника «{event}»» in English. */
export const englishShirtTitle = (eventTitle: string) => `${english(eventTitle)} participant T-shirt`;

/** A gift certificate's title in English, for `rubles`. */
export const englishCertificateTitle = (rubles: number) => `₽${rubles.toLocaleString('en-US')} gift certificate`;

/**
 * A seeded picture's caption in English (features/images draws it under `/images/en/`): the seed's
 * own translation, the shirt and certificate titles by their pattern; null for none (drawn without).
 */
export function englishLabel(label: string): string | null {
  const shirt = /^Футболка участника «(.+)»$/.exec(label);
  if (shirt && texts[shirt[1]!] !== undefined) return englishShirtTitle(shirt[1]!);
  const certificate = /^Подарочный сертификат на ([\d\s\u00a0\u202f]+) ₽$/.exec(label);
  if (certificate) return englishCertificateTitle(Number(certificate[1]!.replace(/\D/g, '')));
  return texts[label] ?? (/[А-Яа-яЁё]/.test(label) ? null : label);
}
